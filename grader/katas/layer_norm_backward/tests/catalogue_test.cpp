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
  std::vector<std::string> names;
  std::vector<std::vector<kt::Tensor>> out;
  for (const Entry& e : catalogue()) {
    names.push_back(e.entry.id + " (" + e.entry.what + ")");
    out.emplace_back();
    for (const Case& c : cases) out.back().push_back(flat(e.computes(c)));
  }
  std::vector<kt::Tensor> reference;
  for (const Case& c : cases) reference.push_back(flat(run_reference(c)));
  grader::testing::check_entries_apart(names, out, reference);
}
