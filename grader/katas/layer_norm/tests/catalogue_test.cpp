// The layer_norm kata's mistake catalogue (grader/katas/layer_norm/catalogue.hpp): on the
// discriminating cases every entry differs from the reference and from every other entry, so a
// unique match means one mistake. (That each wrong file of the test bed gets its entry is the
// self-test's expect-diagnosis.)
#include <catch2/catch.hpp>

#include "grader/katas/layer_norm/catalogue.hpp"
#include "grader/katas/layer_norm/detect.hpp"
#include "grader/tests/lib/entries_apart.hpp"

using namespace grader;
using namespace grader::kata_layer_norm;

TEST_CASE("every layer_norm catalogue entry differs from the reference and from every other entry",
          "[catalogue][layer_norm]") {
  const std::vector<Case> cases = discriminating_cases();
  grader::testing::check_catalogue_apart(catalogue(), cases, run_reference);
}

TEST_CASE("layer_norm's searched computations: the default one is LayerNorm, each other differs",
          "[layer_norm]") {
  const std::vector<Case> cases = discriminating_cases();
  const Case& c = cases.front();  // rank 3, D = 5, eps 0.5: every choice shows
  const kt::Tensor expected = run_reference(c);
  int right = 0;
  for (const kata_layer_norm::Steps& steps : searched_steps(c.x.dim())) {
    const kt::Tensor got = layer_norm_with_steps(c.x, c.weight, c.bias, c.eps, steps);
    const Made made = pitfalls_made(steps, c.x.dim());
    const bool any = made.normalized_wrong_axis || made.stats_without_keepdim ||
                     made.unbiased_variance || made.variance_not_centered || made.eps_outside_sqrt;
    // Without keepdim the statistics of a (3, 2, 5) x do not broadcast: the computation throws.
    if (!got.defined()) {
      CHECK(made.stats_without_keepdim);
      continue;
    }
    CHECK(any == !close(got, expected));
    right += any ? 0 : 1;
  }
  CHECK(right == 1);
}
