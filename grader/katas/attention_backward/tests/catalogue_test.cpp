// The attention_backward kata's mistake catalogue (grader/katas/attention_backward/catalogue.hpp):
// on the discriminating cases every entry differs from the reference and from every other entry,
// so a unique match means one mistake; and the journey's steps are the reference's gradients.
// (That each wrong file of the test bed gets its entry is the self-test's expect-diagnosis.)
#include <catch2/catch.hpp>

#include "grader/katas/attention_backward/catalogue.hpp"
#include "grader/lib/compare.hpp"
#include "grader/tests/lib/entries_apart.hpp"

using namespace grader;
using namespace grader::kata_attention_backward;

TEST_CASE(
    "every attention_backward catalogue entry differs from the reference and from every "
    "other entry",
    "[catalogue][attention_backward]") {
  const std::vector<Case> cases = discriminating_cases();
  grader::testing::check_catalogue_apart(
      catalogue(), cases,
      [](const BackwardEntry& e, const Case& c) { return flattened(e.computes(c)); },
      [](const Case& c) { return flattened(run_reference(c)); });
}

TEST_CASE("the attention_backward steps end in the reference's dq and hold its dk, dv and weights",
          "[catalogue][attention_backward]") {
  for (const Case& c : discriminating_cases()) {
    CAPTURE(case_text(c));
    const std::vector<Step> steps = expected_steps(c);
    const Grads ref = run_reference(c);
    REQUIRE(steps.size() == 7);
    CHECK(steps[0].attention_weights);
    kt::Shape weights = c.q.sizes();
    weights.back() = c.T();  // (…, T, T)
    CHECK(steps[0].value.sizes() == weights);
    CHECK(close(steps[1].value, ref.dv));
    CHECK(close(steps[5].value, ref.dk));
    CHECK(close(steps.back().value, ref.dq));
    // Every row of dS sums to 0.
    const kt::Tensor row_sums = kt::sum(steps[4].value, -1);
    CHECK(close(row_sums, kt::zeros_like(row_sums)));
  }
}
