// The cross_entropy kata's mistake catalogue (grader/katas/cross_entropy/catalogue.hpp): on the
// discriminating cases every entry differs from the reference and from every other entry, so a
// unique match means one mistake. (That each wrong file of the test bed gets its entry is the
// self-test's expect-diagnosis.)
#include <catch2/catch.hpp>

#include "grader/katas/cross_entropy/catalogue.hpp"
#include "grader/katas/cross_entropy/detect.hpp"
#include "grader/tests/lib/entries_apart.hpp"

using namespace grader;
using namespace grader::kata_cross_entropy;

TEST_CASE(
    "every cross_entropy catalogue entry differs from the reference and from every other "
    "entry",
    "[catalogue][cross_entropy]") {
  const std::vector<Case> cases = discriminating_cases();
  grader::testing::check_catalogue_apart(catalogue(), cases, run_reference);
}

TEST_CASE(
    "cross_entropy's searched computations: the default one is the reference, and each "
    "pitfall changes the loss on some discriminating case",
    "[cross_entropy]") {
  const std::vector<Case> cases = discriminating_cases();
  for (const kata_cross_entropy::Steps& steps : searched_steps()) {
    const Made made = pitfalls_made(steps);
    const bool any = made.log_of_softmax || made.no_max_subtraction || made.ignored_rows_in_mean ||
                     made.smoothing_mass_wrong || made.softmax_wrong_dim;
    bool differs = false;
    for (const Case& c : cases) {
      const kt::Tensor got =
          cross_entropy_with_steps(c.logits, c.target, c.ignore_index, c.label_smoothing, steps);
      differs = differs || !got.defined() || !matches(c, got, run_reference(c));
    }
    CHECK(differs == any);
  }
}
