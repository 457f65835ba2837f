// The adamw kata's mistake catalogue (grader/katas/adamw/catalogue.hpp): on the discriminating
// cases every entry differs from the reference and from every other entry, so a unique match means
// one mistake. (That each wrong file of the test bed gets its entry is the self-test's
// expect-diagnosis.) And the simulation the detectors search (mistakes.hpp).
#include <catch2/catch.hpp>

#include "grader/katas/adamw/catalogue.hpp"
#include "grader/katas/adamw/detect.hpp"
#include "grader/tests/lib/entries_apart.hpp"

using namespace grader;
using namespace grader::kata_adamw;

TEST_CASE("every adamw catalogue entry differs from the reference and from every other entry",
          "[catalogue][adamw]") {
  const std::vector<Case> cases = discriminating_cases();
  grader::testing::check_catalogue_apart(catalogue(), cases, run_reference);
}

TEST_CASE("adamw's default simulation is the reference, state included", "[adamw]") {
  for (const Case& c : discriminating_cases()) {
    const ref::AdamWResult want = run_reference_state(c);
    const ref::AdamWResult got = adamw_with_steps(c, kata_adamw::Steps{});
    CHECK(close(got.param, want.param, 1e-13, 1e-16));
    CHECK(close(got.exp_avg, want.exp_avg, 1e-13, 1e-18));
    CHECK(close(got.exp_avg_sq, want.exp_avg_sq, 1e-13, 1e-20));
    CHECK(got.step == want.step);
  }
}

TEST_CASE("adamw's searched computations: only the default one is right, each pitfall differs",
          "[adamw]") {
  const Case c = discriminating_cases().front();  // resumed at step 2, lr 0.04, eps 0.03
  const kt::Tensor expected = run_reference(c);
  int right = 0;
  for (const kata_adamw::Steps& steps : searched_steps()) {
    const kt::Tensor got = adamw_with_steps(c, steps).param;
    const Made made = pitfalls_made(steps);
    const bool any = made.l2_instead_of_decoupled || made.no_bias_correction ||
                     made.eps_inside_sqrt || made.decay_without_lr ||
                     made.bias_correction_wrong_step;
    if (any) CHECK(!close(got, expected));
    right += close(got, expected) ? 1 : 0;
  }
  CHECK(right == 1);
  CHECK(searched_steps().size() == 210);
}

TEST_CASE("adamw's step-behind correction on a fresh state divides by zero: NaN", "[adamw]") {
  Case c = discriminating_cases().back();
  REQUIRE(c.fresh());
  const kt::Tensor got = adamw_with_steps(c, {.correction_step_behind = true}).param;
  CHECK(!all_finite(got));
}
