// Pointwise ops: broadcasting arithmetic, dtype promotion, comparisons, masks, where, triangles.
#include <rapidcheck/catch.h>

#include <catch2/catch.hpp>
#include <cmath>

#include "helpers.hpp"
#include "kt/tensor.hpp"

using kt::Shape;
using namespace kt_test;

namespace {

/// Random shapes a and b that broadcast together, and the shape they broadcast to.
struct BroadcastPair {
  Shape a, b, out;
};

BroadcastPair gen_broadcast_pair() {
  const auto out =
      *rc::gen::container<Shape>(*rc::gen::inRange<size_t>(0, 4), rc::gen::inRange<int64_t>(1, 4))
           .as("broadcast shape");
  auto part = [&](const char* name) {
    const auto drop = *rc::gen::inRange<size_t>(0, out.size() + 1).as(name);
    Shape s;
    for (size_t i = drop; i < out.size(); ++i)
      s.push_back(*rc::gen::inRange(0, 3) == 0 ? 1 : out[i]);
    return s;
  };
  BroadcastPair p{part("dims dropped from a"), part("dims dropped from b"), {}};
  const size_t n = std::max(p.a.size(), p.b.size());
  for (size_t i = 0; i < n; ++i) {
    const size_t off = n - i;
    const int64_t da = off <= p.a.size() ? p.a[p.a.size() - off] : 1;
    const int64_t db = off <= p.b.size() ? p.b[p.b.size() - off] : 1;
    p.out.push_back(std::max(da, db));
  }
  return p;
}

/// Value of a row-major model of `shape` at a broadcast index of `out`.
double at_broadcast(const Shape& shape, const std::vector<double>& v, const Shape& idx) {
  Shape own(shape.size());
  for (size_t i = 0; i < shape.size(); ++i) {
    const int64_t full = idx[idx.size() - shape.size() + i];
    own[i] = shape[i] == 1 ? 0 : full;
  }
  return v[size_t(flat(shape, own))];
}

}  // namespace

TEST_CASE("binary ops broadcast like PyTorch", "[elementwise][property]") {
  rc::prop("a op b equals the op on broadcast indices, for + - * / and comparisons", [] {
    const BroadcastPair p = gen_broadcast_pair();
    kt::Generator gen(*rc::gen::arbitrary<uint64_t>());
    const kt::Tensor a = kt::randn(p.a, gen);
    const kt::Tensor b = kt::randn(p.b, gen) + 3.0;  // keep the divisor away from 0
    const auto av = a.to_vector<double>();
    const auto bv = b.to_vector<double>();
    const auto sum = (a + b).to_vector<double>();
    const auto diff = (a - b).to_vector<double>();
    const auto prod = (a * b).to_vector<double>();
    const auto quot = (a / b).to_vector<double>();
    const auto less = (a < b).to_vector<bool>();
    RC_ASSERT((a + b).sizes() == p.out);
    size_t i = 0;
    for_each_index(p.out, [&](const Shape& idx) {
      const double x = at_broadcast(p.a, av, idx);
      const double y = at_broadcast(p.b, bv, idx);
      RC_ASSERT(sum[i] == x + y);
      RC_ASSERT(diff[i] == x - y);
      RC_ASSERT(prod[i] == x * y);
      RC_ASSERT(quot[i] == x / y);
      RC_ASSERT(less[i] == (x < y));
      ++i;
    });
  });
}

TEST_CASE("binary ops on strided operands read through their layout", "[elementwise][property]") {
  rc::prop("strided + contiguous equals model + model", [] {
    const Strided s = gen_strided();
    const kt::Tensor other = kt::arange(double(s.tensor.numel())).view(s.tensor.sizes());
    const auto got = (s.tensor * 2.0 + other).to_vector<double>();
    for (size_t i = 0; i < got.size(); ++i) RC_ASSERT(got[i] == s.model.values[i] * 2 + double(i));
  });
}

TEST_CASE("dtypes promote like PyTorch", "[elementwise][dtype]") {
  const kt::Tensor f32 = kt::ones({2}, kt::Float32);
  const kt::Tensor f64 = kt::ones({2});
  const kt::Tensor i64 = kt::ones({2}, kt::Int64);
  const kt::Tensor b = kt::ones({2}, kt::Bool);
  CHECK((f32 + f64).dtype() == kt::Float64);
  CHECK((f32 * 2.5).dtype() == kt::Float32);
  CHECK((i64 + 2.0).dtype() == kt::Int64);
  CHECK((i64 + 0.5).dtype() == kt::Float64);
  CHECK((i64 / 2.0).dtype() == kt::Float64);
  CHECK((i64 + f32).dtype() == kt::Float32);
  CHECK((b + b).dtype() == kt::Int64);
  CHECK((f32 < f64).dtype() == kt::Bool);
  CHECK((b & b).dtype() == kt::Bool);
  CHECK(kt::promote_types(kt::Bool, kt::Int64) == kt::Int64);
  CHECK_THROWS_WITH(f64 & f64,
                    "bitwise_and: takes Bool (or Int64) tensors, got float64 and float64; compare "
                    "first (e.g. x > 0) to get a Bool mask");
  CHECK_THROWS_WITH(-b,
                    "neg: negation, the `-` operator, on a Bool tensor is not supported; use ~ "
                    "to invert a mask");
}

TEST_CASE("broadcast errors use PyTorch's sentence with both shapes", "[elementwise][errors]") {
  CHECK_THROWS_WITH(kt::zeros({2, 3}) + kt::zeros({2, 4}),
                    "add: the size of tensor a (3) must match the size of tensor b (4) at "
                    "non-singleton dimension 1 (shapes [2, 3] and [2, 4]); sizes broadcast only "
                    "when equal or 1");
  CHECK_THROWS_AS(kt::zeros({3}) * kt::zeros({4}), kt::ShapeError);
}

TEST_CASE("masks: comparisons, ~ & |, masked_fill and where", "[elementwise][mask]") {
  const kt::Tensor x = kt::tensor({1, -2, 3, -4}, {2, 2});
  const kt::Tensor pos = x > 0;
  CHECK(pos.to_vector<bool>() == std::vector<bool>{true, false, true, false});
  CHECK((~pos).to_vector<bool>() == std::vector<bool>{false, true, false, true});
  CHECK((pos | (x < -3)).to_vector<bool>() == std::vector<bool>{true, false, true, true});
  CHECK((pos & (x > 2)).to_vector<bool>() == std::vector<bool>{false, false, true, false});
  CHECK(x.masked_fill(~pos, 0.0).to_vector<double>() == std::vector<double>{1, 0, 3, 0});
  CHECK(kt::where(pos, x, 10.0).to_vector<double>() == std::vector<double>{1, 10, 3, 10});
  CHECK(kt::where(pos, 0.0, x).to_vector<double>() == std::vector<double>{0, -2, 0, -4});
  SECTION("the mask broadcasts, and a row mask fills whole rows") {
    const kt::Tensor row = kt::from_vector(std::vector<bool>{false, true}, {2, 1});
    CHECK(x.masked_fill(row, 9.0).to_vector<double>() == std::vector<double>{1, -2, 9, 9});
    CHECK(kt::zeros({2}).masked_fill(kt::ones({3, 2}, kt::Bool), 1.0).sizes() == Shape{3, 2});
  }
  CHECK_THROWS_WITH(x.masked_fill(x, 0.0),
                    "masked_fill: expected a Bool mask but got a float64 one (shape [2, 2]); build "
                    "it with a comparison (e.g. scores > 0) or .to(kt::Bool)");
}

TEST_CASE("masked_fill and masked_fill_ fill alike and name themselves in their errors",
          "[elementwise][mask]") {
  const kt::Tensor t = kt::arange(6.0).view({2, 3}).transpose(0, 1);  // strided, shape [3, 2]
  const kt::Tensor row = kt::from_vector(std::vector<bool>{true, false}, {2});
  kt::Tensor in_place = t.clone();
  in_place.masked_fill_(row, -1.0);
  CHECK(t.masked_fill(row, -1.0).to_vector<double>() == std::vector<double>{-1, 3, -1, 4, -1, 5});
  CHECK(kt::equal(in_place, t.masked_fill(row, -1.0)));
  CHECK_THROWS_WITH(t.clone().masked_fill_(kt::ones({2, 3, 2}, kt::Bool), 0.0),
                    "masked_fill_: the mask of shape [2, 3, 2] cannot be broadcast to the tensor's "
                    "shape [3, 2] (in place, the tensor's shape cannot grow)");
  CHECK_THROWS_WITH(t.clone().masked_fill_(t, 0.0),
                    "masked_fill_: expected a Bool mask but got a float64 one (shape [3, 2]); "
                    "build it with a comparison (e.g. scores > 0) or .to(kt::Bool)");
  kt::Tensor f32 = t.to(kt::Float32);
  CHECK_THROWS_WITH(f32.masked_fill_(row, 1e300),
                    "masked_fill_: value 1e+300 cannot be converted to type float32 without "
                    "overflow; use kt::finfo(t.dtype()).min for the most negative float32");
  CHECK_THROWS_WITH(f32.masked_fill(row, 1e300),
                    "masked_fill: value 1e+300 cannot be converted to type float32 without "
                    "overflow; use kt::finfo(t.dtype()).min for the most negative float32");
}

TEST_CASE("triu and tril keep the triangle on and above / below a diagonal",
          "[elementwise][mask]") {
  rc::prop("tril(ones, d)[i][j] is 1 exactly when j - i <= d", [] {
    const auto r = *rc::gen::inRange<int64_t>(1, 6).as("rows");
    const auto c = *rc::gen::inRange<int64_t>(1, 6).as("cols");
    const auto d = *rc::gen::inRange<int64_t>(-3, 4).as("diagonal");
    const kt::Tensor lower = kt::tril(kt::ones({2, r, c}), d);
    const kt::Tensor upper = kt::triu(kt::ones({r, c}, kt::Bool), d);
    for (int64_t i = 0; i < r; ++i) {
      for (int64_t j = 0; j < c; ++j) {
        RC_ASSERT(lower.at({1, i, j}) == (j - i <= d ? 1.0 : 0.0));
        RC_ASSERT(upper.at({i, j}) == (j - i >= d ? 1.0 : 0.0));
      }
    }
  });
  CHECK_THROWS_WITH(kt::triu(kt::ones({3})),
                    "triu: input tensor must have at least 2 dimensions, got shape [3]");
}

TEST_CASE("math functions and NaN predicates", "[elementwise]") {
  const kt::Tensor x = kt::tensor({0.25, 1, 4}, {3});
  CHECK(kt::sqrt(x).to_vector<double>() == std::vector<double>{0.5, 1, 2});
  CHECK(kt::allclose(kt::log(kt::exp(x)), x, 0, 1e-15));
  CHECK(kt::abs(-x).to_vector<double>() == x.to_vector<double>());
  CHECK(kt::pow(x, 2).to_vector<double>() == std::vector<double>{0.0625, 1, 16});
  CHECK(kt::exp(kt::zeros({2}, kt::Int64)).dtype() == kt::Float64);
  const kt::Tensor bad = kt::tensor({NAN, INFINITY, -1}, {3});
  CHECK(kt::isnan(bad).to_vector<bool>() == std::vector<bool>{true, false, false});
  CHECK(kt::isfinite(bad).to_vector<bool>() == std::vector<bool>{false, false, true});
  CHECK(kt::isinf(bad).to_vector<bool>() == std::vector<bool>{false, true, false});
  CHECK(kt::maximum(bad, kt::zeros({3})).at({2}) == 0.0);
  CHECK(std::isnan(kt::maximum(bad, kt::zeros({3})).at({0})));
}

TEST_CASE("allclose uses PyTorch's formula and equal is exact", "[elementwise][compare]") {
  const kt::Tensor a = kt::tensor({1.0, 2.0}, {2});
  CHECK(kt::allclose(a, a + 1e-9));
  CHECK_FALSE(kt::allclose(a, a + 1e-3));
  CHECK(kt::allclose(a, a * (1 + 1e-6), 1e-5, 0));
  CHECK_FALSE(kt::equal(a, a + 1e-15));
  CHECK(kt::equal(a, a.clone()));
  CHECK_FALSE(kt::equal(a, a.view({1, 2})));
  const kt::Tensor n = kt::tensor({NAN}, {1});
  CHECK_FALSE(kt::equal(n, n));
  CHECK_FALSE(kt::allclose(n, n));
  CHECK(kt::allclose(n, n, 1e-5, 1e-8, true));
}

TEST_CASE("allclose holds an infinity close to itself only, as torch.isclose does",
          "[elementwise][compare]") {
  const kt::Tensor inf = kt::tensor({INFINITY, -INFINITY}, {2});
  CHECK(kt::allclose(inf, inf.clone()));
  CHECK_FALSE(kt::allclose(kt::tensor({1e300, -1e300}, {2}), inf));  // expected infinite
  CHECK_FALSE(kt::allclose(inf, kt::tensor({1e300, -1e300}, {2})));  // got infinite
  CHECK_FALSE(kt::allclose(inf, kt::tensor({-INFINITY, INFINITY}, {2})));
}

TEST_CASE("logical ops, nan_to_num and a tensor fill value follow torch", "[elementwise]") {
  const kt::Tensor x = kt::tensor({0, 2, -1}, {3});
  CHECK(kt::logical_not(x).to_vector<bool>() == std::vector<bool>{true, false, false});
  CHECK(kt::logical_and(x, kt::tensor({1, 0, 1}, {3})).to_vector<bool>() ==
        std::vector<bool>{false, false, true});
  CHECK(kt::logical_or(x, kt::zeros({3})).to_vector<bool>() ==
        std::vector<bool>{false, true, true});
  const kt::Tensor bad = kt::tensor({NAN, INFINITY, -INFINITY, 1.5}, {4});
  CHECK(kt::nan_to_num(bad).to_vector<double>() ==
        std::vector<double>{0, kt::finfo(kt::Float64).max, kt::finfo(kt::Float64).min, 1.5});
  CHECK(kt::nan_to_num(bad, 1, 2, 3).to_vector<double>() == std::vector<double>{1, 2, 3, 1.5});
  CHECK(x.masked_fill(x > 0.0, kt::scalar_tensor(9)).to_vector<double>() ==
        std::vector<double>{0, 9, -1});
  CHECK_THROWS_WITH(x.masked_fill(x > 0.0, kt::ones({2})),
                    "masked_fill: only supports a 0-dimensional value tensor, but got one of shape "
                    "[2]; pass a number instead");
}
