// The mha_train kata's mistake catalogue (grader/katas/mha_train/catalogue.hpp): the MHA family's
// entries that can show here, each differing from the reference and from every other entry on the
// discriminating eval() cases, so a unique match means one mistake.
#include <catch2/catch.hpp>

#include "grader/katas/mha_train/catalogue.hpp"
#include "grader/tests/lib/entries_apart.hpp"

using namespace grader;
using namespace grader::kata_mha_train;

TEST_CASE("every mha_train catalogue entry differs from the reference and from every other entry",
          "[catalogue][mha_train]") {
  const std::vector<Case> cases = discriminating_cases();
  const std::vector<mha::MhaEntry> entries = catalogue();
  REQUIRE(entries.size() >= 10);  // the family's entries, less the attn_mask's
  grader::testing::check_catalogue_apart(
      entries, cases,
      [](const mha::MhaEntry& e, const Case& c) {
        return mha::catalogue_output(as_mha(c), e.mistakes);
      },
      run_reference);
}
