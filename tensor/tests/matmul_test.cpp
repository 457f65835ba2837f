// matmul: PyTorch's broadcasting rules, transposed operands without copies, exact errors.
#include <rapidcheck/catch.h>

#include <catch2/catch.hpp>

#include "helpers.hpp"
#include "kt/tensor.hpp"

using kt::Shape;
using namespace kt_test;

namespace {

/// Batched matrix product by a triple loop over row-major values, broadcasting batch dims by hand.
std::vector<double> naive_matmul(const Model& a, const Model& b, const Shape& batch, int64_t m,
                                 int64_t k, int64_t n) {
  auto batch_index = [&](const Shape& model_shape, const Shape& idx) {
    // map a broadcast batch index to the operand's own batch index (size-1 dims pick 0)
    const size_t nb = model_shape.size() - 2;
    Shape own(nb);
    for (size_t i = 0; i < nb; ++i) {
      const int64_t full = idx[idx.size() - nb + i];
      own[i] = model_shape[i] == 1 ? 0 : full;
    }
    return own;
  };
  std::vector<double> out;
  for_each_index(batch.empty() ? Shape{} : batch, [&](const Shape& bi) {
    const Shape ai = batch_index(a.shape, bi);
    const Shape bj = batch_index(b.shape, bi);
    for (int64_t i = 0; i < m; ++i) {
      for (int64_t j = 0; j < n; ++j) {
        double s = 0;
        for (int64_t p = 0; p < k; ++p) {
          Shape ia = ai, ib = bj;
          ia.insert(ia.end(), {i, p});
          ib.insert(ib.end(), {p, j});
          s += a.values[size_t(flat(a.shape, ia))] * b.values[size_t(flat(b.shape, ib))];
        }
        out.push_back(s);
      }
    }
  });
  return out;
}

Model model_of(const kt::Tensor& t) { return {t.sizes(), t.to_vector<double>()}; }

}  // namespace

TEST_CASE("matmul equals a triple loop under batch broadcasting and transposed operands",
          "[matmul][property]") {
  rc::prop("random batch dims, some 1 or missing, operands maybe transposed", [] {
    const auto m = *rc::gen::inRange<int64_t>(1, 6).as("m");
    const auto k = *rc::gen::inRange<int64_t>(0, 6).as("k");
    const auto n = *rc::gen::inRange<int64_t>(1, 6).as("n");
    const auto nbatch = *rc::gen::inRange<size_t>(0, 3).as("batch dims");
    const auto batch =
        *rc::gen::container<Shape>(nbatch, rc::gen::inRange<int64_t>(1, 4)).as("batch");
    auto operand_batch = [&](const char* name) {
      Shape own;
      const auto drop = *rc::gen::inRange<size_t>(0, nbatch + 1).as(name);
      for (size_t i = drop; i < nbatch; ++i)
        own.push_back(*rc::gen::inRange(0, 3) == 0 ? 1 : batch[i]);
      return own;
    };
    const Shape ba = operand_batch("leading dims dropped from a");
    const Shape bb = operand_batch("leading dims dropped from b");
    const bool ta = *rc::gen::arbitrary<bool>().as("a transposed");
    const bool tb = *rc::gen::arbitrary<bool>().as("b transposed");
    const auto dt = *rc::gen::elementOf(std::vector<kt::Dtype>{kt::Float32, kt::Float64});
    kt::Generator gen(*rc::gen::arbitrary<uint64_t>());
    auto make = [&](Shape lead, int64_t r, int64_t c, bool transposed) {
      Shape s = lead;
      s.insert(s.end(), transposed ? std::initializer_list<int64_t>{c, r}
                                   : std::initializer_list<int64_t>{r, c});
      // small integers: every product and sum is exact in float32, so results compare with ==
      auto vals = (kt::rand(s, gen) * 9.0).to_vector<double>();
      for (auto& v : vals) v = std::floor(v) - 4.0;
      const kt::Tensor t = kt::tensor(vals, s, dt);
      return transposed ? t.transpose(-1, -2) : t;
    };
    const kt::Tensor a = make(ba, m, k, ta);
    const kt::Tensor b = make(bb, k, n, tb);
    const kt::Tensor c = kt::matmul(a, b);
    Shape out_shape = kt::Shape(
        batch.begin() + std::ptrdiff_t(nbatch - std::max(ba.size(), bb.size())), batch.end());
    // broadcast result batch: where both operands have 1, the result has 1
    for (size_t i = 0; i < out_shape.size(); ++i) {
      const size_t off = out_shape.size() - i;
      const int64_t da = off <= ba.size() ? ba[ba.size() - off] : 1;
      const int64_t db = off <= bb.size() ? bb[bb.size() - off] : 1;
      out_shape[i] = std::max(da, db);
    }
    Shape full = out_shape;
    full.insert(full.end(), {m, n});
    RC_ASSERT(c.sizes() == full);
    RC_ASSERT(c.dtype() == dt);
    const auto expected =
        naive_matmul(model_of(a.to(kt::Float64)), model_of(b.to(kt::Float64)), out_shape, m, k, n);
    RC_ASSERT(c.to(kt::Float64).to_vector<double>() == expected);
  });
}

TEST_CASE("matmul handles 1-D operands like torch.matmul", "[matmul]") {
  const kt::Tensor v = kt::tensor({1, 2, 3}, {3});
  const kt::Tensor m = kt::arange(6.0).view({3, 2});
  CHECK(kt::matmul(v, v).dim() == 0);
  CHECK(kt::matmul(v, v).item() == 14.0);
  CHECK(kt::matmul(v, m).to_vector<double>() == std::vector<double>{16, 22});
  CHECK(kt::matmul(m.transpose(0, 1), v).to_vector<double>() == std::vector<double>{16, 22});
  CHECK(kt::matmul(kt::ones({4, 2, 3}), v).sizes() == Shape{4, 2});
}

TEST_CASE("matmul with an empty inner dim gives zeros (found by the property above)", "[matmul]") {
  const kt::Tensor c = kt::matmul(kt::zeros({1, 1, 0}), kt::zeros({0, 1}));
  CHECK(c.sizes() == Shape{1, 1, 1});
  CHECK(c.item() == 0.0);
  CHECK(kt::matmul(kt::ones({2, 3, 0}), kt::ones({2, 0, 4})).to_vector<double>() ==
        std::vector<double>(24, 0.0));
}

TEST_CASE("matmul reads a transposed operand in place instead of copying it", "[matmul][alloc]") {
  const kt::Tensor q = kt::randn({2, 3, 8, 4});
  const kt::Tensor k = kt::randn({2, 3, 8, 4});
  kt::set_alloc_tracking(true);
  kt::reset_alloc_stats();
  const kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1));
  const kt::AllocStats stats = kt::alloc_stats();
  kt::set_alloc_tracking(false);
  CHECK(scores.sizes() == Shape{2, 3, 8, 8});
  CHECK(stats.allocations == 1);  // the output, nothing else
  CHECK(stats.total_bytes == 2 * 3 * 8 * 8 * 8);
  SECTION("a layout with no unit stride is copied once") {
    const kt::Tensor strided = kt::randn({8, 8}).slice(1, 0, 8, 2);  // (8, 4), strides (8, 2)
    kt::set_alloc_tracking(true);
    kt::reset_alloc_stats();
    (void)kt::matmul(strided, kt::randn({4, 3}));
    const auto s2 = kt::alloc_stats();
    kt::set_alloc_tracking(false);
    CHECK(s2.allocations == 3);  // randn's input, the copy, the output
  }
}

TEST_CASE("matmul errors name both shapes and the fix", "[matmul][errors]") {
  CHECK_THROWS_WITH(kt::matmul(kt::zeros({2, 3}), kt::zeros({4, 5})),
                    "matmul: mat1 and mat2 shapes cannot be multiplied (2x3 and 4x5): the operands "
                    "have shapes [2, 3] and [4, 5], and the last dim of the first must equal the "
                    "second-to-last dim of the second (one of them transposed, or sliced or "
                    "shaped to the wrong length?)");
  CHECK_THROWS_AS(kt::matmul(kt::zeros({2, 3}), kt::zeros({4, 5})), kt::ShapeError);
  CHECK_THROWS_WITH(kt::matmul(kt::zeros({2, 4, 3}), kt::zeros({3, 3, 5})),
                    "matmul: the batch dims [2] and [3] of shapes [2, 4, 3] and [3, 3, 5] do not "
                    "broadcast; they must be equal or 1 (the last two dims are the matrices)");
  CHECK_THROWS_WITH(kt::matmul(kt::zeros({2, 3}), kt::zeros({3, 2}, kt::Float32)),
                    "matmul: expected both operands to have the same dtype, but got float64 and "
                    "float32; convert one with .to(...)");
  CHECK_THROWS_WITH(
      kt::matmul(kt::scalar_tensor(1), kt::zeros({3})),
      "matmul: both arguments to matmul need to be at least 1D, but they are 0D and 1D");
}
