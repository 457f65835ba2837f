// Reductions with dim / keepdim, joins and repeats.
#include <rapidcheck/catch.h>

#include <catch2/catch.hpp>
#include <cmath>

#include "helpers.hpp"
#include "kt/tensor.hpp"

using kt::Shape;
using namespace kt_test;

TEST_CASE("reductions over one dim equal naive loops", "[reduce][property]") {
  rc::prop("sum, amax, any over a random dim of a strided tensor, with and without keepdim", [] {
    const Strided s = gen_strided(3, 4);
    const auto nd = s.tensor.dim();
    const auto dim = *rc::gen::inRange<int64_t>(-nd, nd).as("dim");
    const bool keepdim = *rc::gen::arbitrary<bool>().as("keepdim");
    const auto d = static_cast<size_t>(dim < 0 ? dim + nd : dim);
    const kt::Tensor total = kt::sum(s.tensor, dim, keepdim);
    const kt::Tensor top = kt::amax(s.tensor, dim, keepdim);
    const kt::Tensor big = kt::any(s.tensor > 5.0, dim, keepdim);
    Shape out = s.model.shape;
    if (keepdim) {
      out[d] = 1;
    } else {
      out.erase(out.begin() + std::ptrdiff_t(d));
    }
    RC_ASSERT(total.sizes() == out);
    RC_ASSERT(top.sizes() == out);
    RC_ASSERT(big.dtype() == kt::Bool);
    Shape reduced = s.model.shape;
    reduced[d] = 1;
    size_t i = 0;
    const auto sums = total.to_vector<double>();
    const auto tops = top.to_vector<double>();
    const auto bigs = big.to_vector<bool>();
    for_each_index(reduced, [&](Shape idx) {
      double sum = 0;
      double mx = -INFINITY;
      bool any_big = false;
      for (int64_t k = 0; k < s.model.shape[d]; ++k) {
        idx[d] = k;
        const double v = s.model.values[size_t(flat(s.model.shape, idx))];
        sum += v;
        mx = std::max(mx, v);
        any_big = any_big || v > 5.0;
      }
      RC_ASSERT(bigs[i] == any_big);
      RC_ASSERT(std::abs(sums[i] - sum) <= 1e-9);
      RC_ASSERT(tops[i] == mx);
      ++i;
    });
  });
}

TEST_CASE("keepdim results broadcast back against the input", "[reduce]") {
  const kt::Tensor x = kt::arange(6.0).view({2, 3});
  const kt::Tensor centred = x - kt::amax(x, -1, true);
  CHECK(centred.to_vector<double>() == std::vector<double>{-2, -1, 0, -2, -1, 0});
  CHECK(kt::mean(x, 0).to_vector<double>() == std::vector<double>{1.5, 2.5, 3.5});
  CHECK(kt::sum(x).item() == 15.0);
  CHECK(kt::sum(x).dim() == 0);
  CHECK(kt::sum(x > 2.0).dtype() == kt::Int64);
  CHECK(kt::sum(x > 2.0).item() == 3.0);
  const auto [values, indices] = kt::max(x, 1);
  CHECK(values.to_vector<double>() == std::vector<double>{2, 5});
  CHECK(indices.to_vector<int64_t>() == std::vector<int64_t>{2, 2});
  CHECK(kt::any(x > 4.0, -1, true).sizes() == Shape{2, 1});
  CHECK(kt::all(x >= 0.0).item() == 1.0);
  CHECK(kt::any(kt::zeros({0}, kt::Bool)).item() == 0.0);
  CHECK(kt::all(kt::zeros({0}, kt::Bool)).item() == 1.0);
  CHECK_THROWS_WITH(kt::amax(kt::zeros({2, 0}), 1),
                    "amax: expected reduction dim 1 to have non-zero size (shape [2, 0]); there is "
                    "no maximum or minimum of nothing");
  CHECK_THROWS_WITH(kt::mean(kt::zeros({2}, kt::Int64)),
                    "mean: could not infer output dtype. Input dtype must be a floating point "
                    "dtype, got int64; convert first with .to(kt::Float64)");
}

TEST_CASE("cat, stack, repeat_interleave and repeat", "[join]") {
  const kt::Tensor a = kt::arange(4.0).view({2, 2});
  const kt::Tensor b = kt::arange(2.0).view({2, 1}) + 10.0;
  CHECK(kt::cat({a, b}, 1).to_vector<double>() == std::vector<double>{0, 1, 10, 2, 3, 11});
  CHECK(kt::cat({a, a.transpose(0, 1)}, 0).to_vector<double>() ==
        std::vector<double>{0, 1, 2, 3, 0, 2, 1, 3});
  CHECK(kt::stack({a, a}, 1).sizes() == Shape{2, 2, 2});
  CHECK(kt::stack({a, a}, -1).at({1, 0, 1}) == 2.0);
  CHECK(kt::repeat_interleave(kt::arange(3.0), 2, 0).to_vector<double>() ==
        std::vector<double>{0, 0, 1, 1, 2, 2});
  // GQA: (B, kv_heads, T, d) -> (B, kv_heads * groups, T, d), each kv head repeated in place
  const kt::Tensor kv = kt::arange(2.0).view({1, 2, 1, 1});
  CHECK(kt::repeat_interleave(kv, 2, 1).to_vector<double>() == std::vector<double>{0, 0, 1, 1});
  // repeat tiles the whole tensor: GQA's classic slip, head h reads kv head h mod kv_heads
  CHECK(kv.repeat({1, 2, 1, 1}).to_vector<double>() == std::vector<double>{0, 1, 0, 1});
  CHECK(kt::arange(2.0).repeat({2, 3}).sizes() == Shape{2, 6});
  CHECK(kt::arange(2.0).repeat({2, 3}).to_vector<double>() ==
        std::vector<double>{0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1});
  CHECK(a.transpose(0, 1).repeat({2, 1}).to_vector<double>() ==
        std::vector<double>{0, 2, 1, 3, 0, 2, 1, 3});
  CHECK_THROWS_WITH(a.repeat({2}),
                    "repeat: number of dimensions of repeat dims can not be smaller than number "
                    "of dimensions of tensor (got 1 repeats for a tensor of shape [2, 2])");
  CHECK_THROWS_WITH(a.repeat({1, -1}), "repeat: repeats can not be negative, got -1");
  CHECK_THROWS_WITH(kt::cat({a, b}, 0),
                    "cat: sizes of tensors must match except in dimension 0. Expected size 2 but "
                    "got size 1 for tensor number 1 in the list (shapes [2, 2] and [2, 1])");
  CHECK_THROWS_WITH(kt::stack({a, b}),
                    "stack: stack expects each tensor to be equal size, but got [2, 2] at entry 0 "
                    "and [2, 1] at entry 1");
}
