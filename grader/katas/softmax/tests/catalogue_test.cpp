// The softmax kata's mistake catalogue (grader/katas/softmax/catalogue.hpp): on the discriminating
// cases every entry differs from the reference and from every other entry, so a unique match
// means one mistake. (That each wrong file of the test bed gets its entry is the self-test's
// expect-diagnosis.)
#include <catch2/catch.hpp>

#include "grader/katas/softmax/catalogue.hpp"
#include "grader/tests/lib/entries_apart.hpp"

using namespace grader;
using namespace grader::kata_softmax;

TEST_CASE("every softmax catalogue entry differs from the reference and from every other entry",
          "[catalogue][softmax]") {
  const std::vector<Case> cases = discriminating_cases();
  grader::testing::check_catalogue_apart(
      catalogue(), cases,
      [](const SoftmaxEntry& e, const Case& c) { return e.computes(c.x, c.dim); }, run_reference);
}
