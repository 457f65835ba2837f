// The moe_router kata's mistake catalogue (grader/katas/moe_router/catalogue.hpp): on the
// discriminating cases every entry differs from the reference and from every other entry, so a
// unique match means one mistake. (That each wrong file of the test bed gets its entry is the
// self-test's expect-diagnosis.) And the simulation the detectors search (mistakes.hpp).
#include <catch2/catch.hpp>

#include "grader/katas/moe_router/catalogue.hpp"
#include "grader/katas/moe_router/detect.hpp"
#include "grader/tests/lib/entries_apart.hpp"

using namespace grader;
using namespace grader::kata_moe_router;

TEST_CASE("every moe_router catalogue entry differs from the reference and from every other entry",
          "[catalogue][moe_router]") {
  const std::vector<Case> cases = discriminating_cases();
  grader::testing::check_catalogue_apart(catalogue(), cases,
                                         [](const Case& c) { return packed(run_reference(c)); });
}

TEST_CASE(
    "moe_router's searched computations: only the default one is right, each pitfall "
    "differs",
    "[moe_router]") {
  const Case c = discriminating_cases().front();  // 4 tokens, 6 experts, k = 2
  const kt::Tensor expected = packed(run_reference(c));
  int right = 0;
  for (const kata_moe_router::Steps& steps : searched_steps()) {
    const kt::Tensor got = route_with_steps(c, steps);
    const Made made = pitfalls_made(steps);
    const bool any = made.gate_not_renormalized || made.softmax_wrong_dim ||
                     made.aux_uses_gate_weights || made.aux_from_logits || made.experts_unsorted;
    if (any) CHECK(!close(got, expected));
    right += close(got, expected) ? 1 : 0;
  }
  CHECK(right == 1);
  CHECK(searched_steps().size() == 288);
}

TEST_CASE("moe_router's default simulation is the reference on the tied logits too",
          "[moe_router]") {
  for (const Case& c : discriminating_cases())
    CHECK(close(route_with_steps(c, kata_moe_router::Steps{}), packed(run_reference(c)), 1e-14,
                1e-15));
}
