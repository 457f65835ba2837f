// The rms_norm kata's mistake catalogue (grader/katas/rms_norm/catalogue.hpp): on the
// discriminating cases every entry differs from the reference and from every other entry, so a
// unique match means one mistake. (That each wrong file of the test bed gets its entry is the
// self-test's expect-diagnosis.)
#include <catch2/catch.hpp>

#include "grader/katas/rms_norm/catalogue.hpp"
#include "grader/katas/rms_norm/detect.hpp"
#include "grader/tests/lib/entries_apart.hpp"

using namespace grader;
using namespace grader::kata_rms_norm;

TEST_CASE("every rms_norm catalogue entry differs from the reference and from every other entry",
          "[catalogue][rms_norm]") {
  const std::vector<Case> cases = discriminating_cases();
  grader::testing::check_catalogue_apart(catalogue(), cases, run_reference);
}

TEST_CASE("rms_norm's searched computations: the default one is RMSNorm, each pitfall differs",
          "[rms_norm]") {
  const Case c = discriminating_cases().front();  // rank 3, D = 5, shifted rows, eps 0.1
  const kt::Tensor expected = run_reference(c);
  int right = 0;
  for (const kata_rms_norm::Steps& steps : searched_steps(c.x.dim())) {
    const kt::Tensor got = rms_norm_with_steps(c.x, c.weight, c.eps, steps);
    const Made made = pitfalls_made(steps);
    const bool any = made.mean_subtracted || made.eps_outside_sqrt || made.sum_not_mean ||
                     made.weight_plus_one || made.normalized_wrong_axis;
    if (!got.defined()) {
      CHECK(!steps.keepdim);  // without keepdim a (3, 2, 5) x does not broadcast
      continue;
    }
    if (any) CHECK(!close(got, expected));
    right += close(got, expected) ? 1 : 0;
  }
  CHECK(right == 1);
}
