// The attention map (grader/lib/attention_map.hpp): which of the learner's traced ops are its
// attention weights, and the slice shown.
#include <catch2/catch.hpp>

#include <cmath>

#include "grader/lib/attention_map.hpp"
#include "grader/lib/journey.hpp"

namespace {

using namespace grader;

struct Attention {
  kt::Tensor q, k, v, allowed;
};

/// (2, 2, 3, 4) queries, keys and values, and a causal-like mask every query keeps a key of.
Attention attention() {
  kt::Generator gen(3);
  Attention a{kt::randn({2, 2, 3, 2}, gen), kt::randn({2, 2, 4, 2}, gen),
              kt::randn({2, 2, 4, 2}, gen), kt::tril(kt::ones({3, 4}, kt::Bool), 1)};
  return a;
}

kt::Tensor correct_weights(const Attention& a) {
  const kt::Tensor scores = kt::matmul(a.q, a.k.transpose(-2, -1)) / std::sqrt(2.0);
  return kt::softmax(scores.masked_fill(~a.allowed, kt::finfo(kt::Float64).min), -1);
}

/// The learner's weights found among the ops `computes` ran.
std::optional<kt::Tensor> found(const Attention& a, const std::function<kt::Tensor()>& computes) {
  const auto events = trace_learner([&] { (void)computes(); });
  return learner_weights(events, correct_weights(a));
}

}  // namespace

TEST_CASE("the weights of a correct attention are its softmax's result", "[attention map]") {
  const Attention a = attention();
  const auto w = found(a, [&] { return kt::matmul(correct_weights(a), a.v); });
  REQUIRE(w);
  CHECK(kt::allclose(*w, correct_weights(a)));
}

TEST_CASE("weights masked after the softmax are the masked ones, what multiplies the values",
          "[attention map]") {
  const Attention a = attention();
  const auto w = found(a, [&] {
    const kt::Tensor scores = kt::matmul(a.q, a.k.transpose(-2, -1)) / std::sqrt(2.0);
    return kt::matmul(kt::softmax(scores, -1).masked_fill(~a.allowed, 0.0), a.v);
  });
  REQUIRE(w);
  CHECK(kt::all(w->masked_fill(a.allowed, 0.0) == 0.0).item() != 0.0);  // 0 where masked
  CHECK(kt::any(kt::sum(*w, -1) < 0.999).item() != 0.0);  // rows that no longer sum to 1
}

TEST_CASE("a softmax written out (exp, sum, divide) gives its quotient", "[attention map]") {
  const Attention a = attention();
  // Scores scaled by d_k instead of sqrt(d_k): wrong weights, no softmax op.
  const kt::Tensor scores =
      (kt::matmul(a.q, a.k.transpose(-2, -1)) / 2.0).masked_fill(~a.allowed, -1e30);
  const kt::Tensor e = kt::exp(scores - kt::amax(scores, -1, true));
  const kt::Tensor wrong = e / kt::sum(e, -1, true);
  const auto w = found(a, [&] {
    const kt::Tensor s =
        (kt::matmul(a.q, a.k.transpose(-2, -1)) / 2.0).masked_fill(~a.allowed, -1e30);
    const kt::Tensor ex = kt::exp(s - kt::amax(s, -1, true));
    return kt::matmul(ex / kt::sum(ex, -1, true), a.v);
  });
  REQUIRE(w);
  CHECK(kt::allclose(*w, wrong));
}

TEST_CASE("a softmax over the wrong axis is found though its rows do not sum to 1",
          "[attention map]") {
  const Attention a = attention();
  const auto w = found(a, [&] {
    const kt::Tensor scores = kt::matmul(a.q, a.k.transpose(-2, -1)) / std::sqrt(2.0);
    return kt::matmul(kt::softmax(scores, -2), a.v);
  });
  REQUIRE(w);
  const kt::Tensor scores = kt::matmul(a.q, a.k.transpose(-2, -1)) / std::sqrt(2.0);
  CHECK(kt::allclose(*w, kt::softmax(scores, -2)));
}

TEST_CASE("weights computed head by head are not claimed", "[attention map]") {
  const Attention a = attention();
  const auto w = found(a, [&] {
    std::vector<kt::Tensor> heads;
    for (int64_t h = 0; h < 2; ++h) {
      const kt::Tensor q = a.q.select(1, h), k = a.k.select(1, h);
      heads.push_back(
          kt::matmul(kt::softmax(kt::matmul(q, k.transpose(-2, -1)), -1), a.v.select(1, h)));
    }
    return kt::stack(heads, 1);
  });
  CHECK_FALSE(w);
}

TEST_CASE("the map shows the slice where the weights differ most, named by its axes",
          "[attention map]") {
  const kt::Tensor expected = kt::full({2, 3, 2, 2}, 0.5);
  kt::Tensor got = expected.clone();
  got.select(0, 1).select(0, 2).select(0, 0).copy_(kt::tensor({1.0, 0.0}, {2}));  // batch 1, head 2
  got.select(0, 0).select(0, 1).select(0, 1).copy_(kt::tensor({0.4, 0.6}, {2}));  // a smaller slip
  const AttentionMap m = make_attention_map(expected, got, {"batch entry", "head"});
  CHECK(m.where == "batch entry 1, head 2");
  CHECK(m.rows == 2);
  CHECK(m.cols == 2);
  CHECK(m.got == std::vector<double>{1.0, 0.0, 0.5, 0.5});
  CHECK(m.expected == std::vector<double>{0.5, 0.5, 0.5, 0.5});
}

TEST_CASE("weights read from a tensor with more axes keep its shape; fewer axes are a layout",
          "[attention map]") {
  const kt::Tensor expected = kt::full({1, 2, 2, 2}, 0.5);
  // A mask unsqueezed once too often: the softmax's result has an axis more.
  CHECK(make_attention_map(expected, kt::full({1, 1, 2, 2, 2}, 0.5), {}).got_shape ==
        "[1, 1, 2, 2, 2]");
  CHECK(make_attention_map(expected, kt::full({2, 2, 2}, 0.5), {}).got_shape.empty());
  CHECK(make_attention_map(expected, expected, {}).got_shape.empty());
}

TEST_CASE("a NaN where a weight is expected differs more than any number", "[attention map]") {
  const kt::Tensor expected = kt::full({2, 2, 2}, 0.5);
  kt::Tensor got = expected.clone();
  got.select(0, 0).select(0, 0).copy_(kt::tensor({1.0, 0.0}, {2}));
  got.select(0, 1).select(0, 1).copy_(kt::tensor({NAN, NAN}, {2}));
  const AttentionMap m = make_attention_map(expected, got, {});
  CHECK(m.where == "index along axis 0 1");
  CHECK(std::isnan(m.got[2]));
}

TEST_CASE("one query and one key make no map: a weight of 1 shows nothing", "[attention map]") {
  CHECK(make_attention_map(kt::ones({2, 1, 1}), kt::ones({2, 1, 1}), {"batch entry"}).rows == 0);
}

TEST_CASE("a map keeps at most 12 queries and 12 keys", "[attention map]") {
  const kt::Tensor w = kt::full({14, 20}, 0.05);
  const AttentionMap m = make_attention_map(w, w, {});
  CHECK(m.rows == 12);
  CHECK(m.cols == 12);
  CHECK(m.got.size() == 144);
}
