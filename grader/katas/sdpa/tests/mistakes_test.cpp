// The sdpa kata's mistake simulations (grader/katas/sdpa/mistakes.hpp): with no mistake they
// compute the reference; each mistake computes what it names, on values worked out by hand.
#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "grader/katas/sdpa/mistakes.hpp"
#include "reference/sdpa/sdpa.hpp"

namespace {

using grader::kata_sdpa::Case;
using grader::kata_sdpa::Mistakes;
using grader::kata_sdpa::Scale;
using grader::kata_sdpa::sdpa_with_mistakes;

kt::Tensor t(std::vector<double> values, kt::Shape shape) { return kt::from_vector(values, shape); }

/// One query, two keys whose scores differ by ln 9 before scaling (d_k = 4, d_v = 1); v = (0, 1),
/// so the output is the weight of key 1.
Case one_query() {
  Case c;
  c.q = t({1, 1, 1, 1}, {1, 4});
  c.k = t({0, 0, 0, 0, 0, 0, 0, std::log(9.0)}, {2, 4});
  c.v = t({0, 1}, {2, 1});
  return c;
}

/// The weight of the second of two scores s apart.
double second_weight(double s) { return std::exp(s) / (1 + std::exp(s)); }

}  // namespace

TEST_CASE("with no mistake the simulation computes the reference", "[grader][sdpa]") {
  kt::Generator gen(3);
  Case c;
  c.q = kt::randn({2, 3, 4, 5}, gen);
  c.k = kt::randn({2, 1, 6, 5}, gen);
  c.v = kt::randn({3, 6, 2}, gen);
  c.mask = kt::rand({2, 1, 4, 6}, gen) < 0.7;
  c.causal = true;
  CHECK(kt::allclose(sdpa_with_mistakes(c, {}), ref::sdpa(c.q, c.k, c.v, c.mask, true), 1e-12,
                     1e-12));
}

TEST_CASE("each scale divides the scores by what it names", "[grader][sdpa]") {
  const Case c = one_query();  // q·k = (0, ln 9); d_k = 4, d_v = 1
  const double ln9 = std::log(9.0);
  CHECK(kt::allclose(sdpa_with_mistakes(c, {}), t({second_weight(ln9 / 2)}, {1, 1})));
  CHECK(
      kt::allclose(sdpa_with_mistakes(c, {.scale = Scale::None}), t({second_weight(ln9)}, {1, 1})));
  CHECK(kt::allclose(sdpa_with_mistakes(c, {.scale = Scale::Dk}),
                     t({second_weight(ln9 / 4)}, {1, 1})));
  CHECK(kt::allclose(sdpa_with_mistakes(c, {.scale = Scale::SqrtDv}),
                     t({second_weight(ln9)}, {1, 1})));
}

TEST_CASE("the masking mistakes compute what they name", "[grader][sdpa]") {
  // Scores all 0: the weights are uniform over what a query may see. v = (1, 10, 100).
  Case c;
  c.q = kt::zeros({2, 1});
  c.k = kt::zeros({3, 1});
  c.v = t({1, 10, 100}, {3, 1});
  c.causal = true;  // bottom-right: query 0 sees keys 0-1, query 1 all three
  CHECK(kt::allclose(sdpa_with_mistakes(c, {}), t({5.5, 37}, {2, 1})));
  // Top-left: query 0 sees key 0, query 1 keys 0-1.
  CHECK(kt::allclose(sdpa_with_mistakes(c, {.causal_top_left = true}), t({1, 5.5}, {2, 1})));
  // After the softmax: weights 1/3 everywhere, the hidden ones zeroed (query 0 loses key 2).
  CHECK(
      kt::allclose(sdpa_with_mistakes(c, {.mask_after_softmax = true}), t({11.0 / 3, 37}, {2, 1})));
  c.causal = false;
  c.mask = kt::from_vector(std::vector<bool>{true, false, false, false, true, true}, {2, 3});
  CHECK(kt::allclose(sdpa_with_mistakes(c, {}), t({1, 55}, {2, 1})));
  CHECK(kt::allclose(sdpa_with_mistakes(c, {.mask_inverted = true}), t({55, 1}, {2, 1})));
}

TEST_CASE("the softmax along another axis normalises each key's column", "[grader][sdpa]") {
  // Two queries, one key: along the queries each weight is 1/2 (equal scores 0).
  Case c;
  c.q = kt::zeros({2, 1});
  c.k = kt::zeros({1, 1});
  c.v = t({4}, {1, 1});
  CHECK(kt::allclose(sdpa_with_mistakes(c, {.softmax_axis = 0}), t({2, 2}, {2, 1})));
  CHECK(kt::allclose(sdpa_with_mistakes(c, {}), t({4, 4}, {2, 1})));
}

TEST_CASE("filling with -inf makes NaN where the softmax sees only masked scores",
          "[grader][sdpa]") {
  // Two queries, two keys, scores all 0; query 0 may attend nothing, query 1 key 0 only. v = (1,
  // 3).
  Case c;
  c.q = kt::zeros({2, 1});
  c.k = kt::zeros({2, 1});
  c.v = t({1, 3}, {2, 1});
  c.mask = kt::from_vector(std::vector<bool>{false, false, true, false}, {2, 2});
  // finfo.min: query 0 gets the mean of the values; along the keys -inf makes it NaN only.
  CHECK(kt::allclose(sdpa_with_mistakes(c, {}), t({2, 1}, {2, 1})));
  const kt::Tensor along_keys = sdpa_with_mistakes(c, {.neg_inf_fill = true});
  CHECK(std::isnan(along_keys.to_vector<double>()[0]));
  CHECK(along_keys.to_vector<double>()[1] == 1.0);
  // Along the queries key 1 has no query: its weights are NaN, and so is every output.
  const kt::Tensor along_queries = sdpa_with_mistakes(c, {.softmax_axis = 0, .neg_inf_fill = true});
  CHECK(kt::all(kt::isnan(along_queries)).item() != 0.0);
}
