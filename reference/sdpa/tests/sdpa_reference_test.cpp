// The sdpa reference against PyTorch's recorded outputs (float64, explicit ops), and against
// values worked out by hand.
#include <catch2/catch.hpp>
#include <cmath>
#include <string>
#include <vector>

#include "kt/tensor.hpp"
#include "reference/common/golden_file.hpp"
#include "reference/sdpa/sdpa.hpp"

namespace {

kt::Tensor t(std::vector<double> values, kt::Shape shape) { return kt::from_vector(values, shape); }

}  // namespace

TEST_CASE(
    "the sdpa reference matches PyTorch's explicit-op attention within rtol 1e-10, atol 1e-12",
    "[reference][golden]") {
  const auto cases = ref::golden::load(KT_REFERENCE_DIR "/sdpa/tests/data/sdpa_cases.txt");
  REQUIRE(cases.size() == 10);
  for (const auto& c : cases) {
    INFO("case " << c.name);
    const auto input = [&](const std::string& key) {
      return c.tensor(key, c.shape(key + "_shape"));
    };
    const kt::Tensor mask = c.has("mask") ? c.mask("mask", c.shape("mask_shape")) : kt::Tensor();
    const kt::Tensor got =
        ref::sdpa(input("q"), input("k"), input("v"), mask, c.values("causal")[0] != 0.0);
    CHECK(got.sizes() == c.shape("out_shape"));
    CHECK(kt::allclose(got, input("out"), 1e-10, 1e-12));
  }
}

TEST_CASE("the sdpa reference gives the values worked out by hand", "[reference]") {
  // Scores 0 everywhere: each query averages the values it may see.
  const kt::Tensor q = kt::zeros({3, 2});
  const kt::Tensor k = kt::zeros({2, 2});
  const kt::Tensor v = t({1, 10, 3, 30}, {2, 2});
  CHECK(kt::allclose(ref::sdpa(q, k, v), t({2, 20, 2, 20, 2, 20}, {3, 2}), 1e-15, 1e-15));
  // Causal with 3 queries, 2 keys: query 0 sits at position -1 and sees nothing (the mean of the
  // values by default, zeros or everything as asked), query 1 sees key 0, query 2 both.
  CHECK(kt::allclose(ref::sdpa(q, k, v, kt::Tensor(), true), t({2, 20, 1, 10, 2, 20}, {3, 2}),
                     1e-15, 1e-15));
  CHECK(kt::allclose(ref::sdpa(q, k, v, kt::Tensor(), true, ref::MaskedRows::Zeros),
                     t({0, 0, 1, 10, 2, 20}, {3, 2}), 1e-15, 1e-15));
  CHECK(kt::equal(ref::sdpa_empty_rows(q, k, v, kt::Tensor(), true),
                  kt::from_vector(std::vector<bool>{true, false, false}, {3})));
  // The mask narrows what causality allows: both must pass.
  const kt::Tensor mask =
      kt::from_vector(std::vector<bool>{true, true, false, true, false, true}, {3, 2});
  CHECK(
      kt::allclose(ref::sdpa(q, k, v, mask, true), t({2, 20, 2, 20, 3, 30}, {3, 2}), 1e-15, 1e-15));
  // One query, two keys with scores ln 3 apart (d_k = 1, so no scaling): weights 1/4, 3/4.
  const kt::Tensor q1 = t({1}, {1, 1});
  const kt::Tensor k1 = t({0, std::log(3.0)}, {2, 1});
  CHECK(kt::allclose(ref::sdpa(q1, k1, v), t({2.5, 25}, {1, 2}), 1e-14, 1e-14));
  // d_k = 4 halves the scores: ln 9 apart becomes ln 3 apart.
  const kt::Tensor q4 = t({1, 1, 1, 1}, {1, 4});
  const kt::Tensor k4 = t({0, 0, 0, 0, 0, 0, 0, std::log(9.0)}, {2, 4});
  CHECK(kt::allclose(ref::sdpa(q4, k4, v), t({2.5, 25}, {1, 2}), 1e-14, 1e-14));
}

TEST_CASE("the sdpa reference broadcasts leading axes and refuses shapes that do not fit",
          "[reference]") {
  const kt::Tensor q = kt::zeros({2, 1, 3, 4});
  const kt::Tensor k = kt::zeros({5, 6, 4});
  const kt::Tensor v = kt::zeros({1, 6, 7});
  CHECK(ref::sdpa(q, k, v).sizes() == kt::Shape{2, 5, 3, 7});
  CHECK(ref::sdpa_shape(q, k, v, kt::ones({5, 3, 6}, kt::Bool)) == kt::Shape{2, 5, 3, 7});
  CHECK_THROWS_AS(ref::sdpa(q, kt::zeros({6, 5}), v), kt::ShapeError);      // d_k differs
  CHECK_THROWS_AS(ref::sdpa(q, k, kt::zeros({5, 7})), kt::ShapeError);      // T_k differs
  CHECK_THROWS_AS(ref::sdpa(q, k, kt::zeros({3, 6, 7})), kt::ShapeError);   // 5 vs 3
  CHECK_THROWS_AS(ref::sdpa(q, k, v, kt::ones({4, 2, 5, 3, 6}, kt::Bool)),  // grows the output
                  kt::ShapeError);
  CHECK_THROWS_AS(ref::sdpa(q, k, v, kt::ones({3, 6})), kt::ShapeError);  // not Bool
}
