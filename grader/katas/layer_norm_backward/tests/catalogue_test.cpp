// The layer_norm_backward kata's mistake catalogue: on the discriminating cases every entry
// differs from the reference and from every other entry.
#include <catch2/catch.hpp>

#include "grader/katas/layer_norm_backward/catalogue.hpp"
#include "grader/tests/lib/entries_apart.hpp"

using namespace grader;
using namespace grader::kata_layer_norm_backward;

TEST_CASE(
    "every layer_norm_backward catalogue entry differs from the reference and from every "
    "other entry",
    "[catalogue][layer_norm_backward]") {
  const std::vector<Case> cases = discriminating_cases();
  const auto flat = [](const Grads& g) {
    return kt::cat({g.dx.reshape({-1}), g.dweight, g.dbias}, 0);
  };
  grader::testing::check_catalogue_apart(
      catalogue(), cases, [&](const Entry& e, const Case& c) { return flat(e.computes(c)); },
      [&](const Case& c) { return flat(run_reference(c)); });
}
