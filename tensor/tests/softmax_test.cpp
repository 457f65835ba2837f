// softmax / log_softmax: normalised, stable for huge logits, NaN for a row of -inf like PyTorch.
#include <rapidcheck/catch.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

#include "helpers.hpp"
#include "kt/tensor.hpp"

using kt::Shape;
using namespace kt_test;

TEST_CASE("softmax rows sum to 1 and stay finite for logits up to 1e300", "[softmax][property]") {
  rc::prop("float64 logits in [-1e300, 1e300] over a random dim", [] {
    const auto shape =
        *rc::gen::container<Shape>(*rc::gen::inRange<size_t>(1, 4), rc::gen::inRange<int64_t>(1, 6))
             .as("shape");
    const auto scale = *rc::gen::elementOf(std::vector<double>{1.0, 1e3, 1e100, 1e300}).as("scale");
    const auto dim = *rc::gen::inRange<int64_t>(-int64_t(shape.size()), int64_t(shape.size()));
    kt::Generator gen(*rc::gen::arbitrary<uint64_t>());
    const kt::Tensor x = (kt::rand(shape, gen) * 2.0 - 1.0) * scale;
    const kt::Tensor y = kt::softmax(x, dim);
    RC_ASSERT(y.sizes() == x.sizes());
    RC_ASSERT(y.is_contiguous());
    RC_ASSERT(kt::all(kt::isfinite(y)).item() == 1.0);
    RC_ASSERT(kt::all(y >= 0.0).item() == 1.0);
    RC_ASSERT(kt::allclose(kt::sum(y, dim), kt::ones_like(kt::sum(y, dim)), 0, 1e-12));
    // the largest logit of each row gets the largest weight
    RC_ASSERT(kt::equal(kt::argmax(y, dim), kt::argmax(x, dim)));
  });
  rc::prop("small logits equal exp(x) / sum(exp(x)) computed naively", [] {
    const auto n = *rc::gen::inRange<int64_t>(1, 8).as("row length");
    kt::Generator gen(*rc::gen::arbitrary<uint64_t>());
    const kt::Tensor x = kt::randn({3, n}, gen);
    const auto xs = x.to_vector<double>();
    const auto ys = kt::softmax(x, 1).to_vector<double>();
    const auto ls = kt::log_softmax(x, 1).to_vector<double>();
    for (int64_t r = 0; r < 3; ++r) {
      double s = 0;
      for (int64_t j = 0; j < n; ++j) s += std::exp(xs[size_t(r * n + j)]);
      for (int64_t j = 0; j < n; ++j) {
        const auto i = size_t(r * n + j);
        RC_ASSERT(std::abs(ys[i] - std::exp(xs[i]) / s) <= 1e-15);
        RC_ASSERT(std::abs(ls[i] - (xs[i] - std::log(s))) <= 1e-14);
      }
    }
  });
}

namespace {

/// Rows with masked logits (-inf or finfo.min) at random positions, one position of each row left
/// unmasked: their softmax weight is exactly 0, and the rest sums to 1.
template <class T>
void masked_weights_are_zero() {
  const auto rows = *rc::gen::inRange<int64_t>(1, 4).as("rows");
  const auto len = *rc::gen::inRange<int64_t>(1, 70).as("row length");
  const auto masked =
      *rc::gen::container<std::vector<bool>>(size_t(rows * len), rc::gen::arbitrary<bool>())
           .as("mask");
  const auto keep = *rc::gen::inRange<int64_t>(0, len).as("unmasked position in every row");
  const bool use_inf = *rc::gen::arbitrary<bool>().as("mask with -inf (else finfo.min)");
  const kt::Dtype dt = sizeof(T) == 8 ? kt::Float64 : kt::Float32;
  std::vector<bool> mask = masked;
  for (int64_t r = 0; r < rows; ++r) mask[size_t(r * len + keep)] = false;
  kt::Generator gen(*rc::gen::arbitrary<uint64_t>());
  const double fill = use_inf ? -std::numeric_limits<double>::infinity() : kt::finfo(dt).min;
  const kt::Tensor scores = (kt::randn({rows, len}, gen, dt) * 10.0)
                                .masked_fill(kt::from_vector(mask, {rows, len}), fill);
  const std::vector<T> w = kt::softmax(scores, -1).template to_vector<T>();
  for (int64_t r = 0; r < rows; ++r) {
    double total = 0;
    for (int64_t j = 0; j < len; ++j) {
      const auto i = size_t(r * len + j);
      if (mask[i]) RC_ASSERT(w[i] == T(0));
      total += double(w[i]);
    }
    RC_ASSERT(std::abs(total - 1.0) <= 1e-5);
  }
}

}  // namespace

TEST_CASE("a masked softmax weight is exactly 0 wherever it sits in the row",
          "[softmax][property]") {
  rc::prop("float64", [] { masked_weights_are_zero<double>(); });
  rc::prop("float32", [] { masked_weights_are_zero<float>(); });
}

TEST_CASE("softmax of a fully masked row: -inf gives NaN, finfo.min gives uniform", "[softmax]") {
  const double inf = std::numeric_limits<double>::infinity();
  const kt::Tensor scores = kt::tensor({1, 2, 3, 4}, {2, 2});
  const kt::Tensor mask = kt::from_vector(std::vector<bool>{false, false, true, true}, {2, 2});
  SECTION("float64") {
    const kt::Tensor nan_rows = kt::softmax(scores.masked_fill(mask, -inf), -1);
    CHECK(kt::all(kt::isnan(nan_rows[1])).item() == 1.0);
    CHECK(kt::all(kt::isfinite(nan_rows[0])).item() == 1.0);
    const kt::Tensor uniform =
        kt::softmax(scores.masked_fill(mask, kt::finfo(kt::Float64).min), -1);
    CHECK(uniform[1].to_vector<double>() == std::vector<double>{0.5, 0.5});
  }
  SECTION("float32") {
    const kt::Tensor s32 = scores.to(kt::Float32);
    const kt::Tensor uniform = kt::softmax(s32.masked_fill(mask, kt::finfo(kt::Float32).min), -1);
    CHECK(uniform[1].to_vector<float>() == std::vector<float>{0.5F, 0.5F});
    CHECK_THROWS_WITH(s32.masked_fill(mask, kt::finfo(kt::Float64).min),
                      "masked_fill: value -1.79769e+308 cannot be converted to type float32 "
                      "without overflow; use kt::finfo(t.dtype()).min for the most negative "
                      "float32");
  }
}

TEST_CASE("softmax over a non-last dim returns a contiguous result", "[softmax]") {
  const kt::Tensor x = kt::arange(6.0).view({2, 3});
  const kt::Tensor y = kt::softmax(x, 0);
  CHECK(y.is_contiguous());
  CHECK(kt::allclose(kt::sum(y, 0), kt::ones({3})));
  CHECK(y.at({1, 0}) == Approx(1.0 / (1.0 + std::exp(-3.0))).epsilon(1e-15));
  CHECK_THROWS_WITH(kt::softmax(kt::zeros({2}, kt::Int64), 0),
                    "softmax: expected a floating tensor (float32 or float64) but got int64; "
                    "convert it first with .to(kt::Float64)");
}
