// The decoder_block kata's mistake catalogue: on the discriminating cases every entry differs from
// the reference and from every other entry.
#include <catch2/catch.hpp>

#include "grader/katas/decoder_block/catalogue.hpp"
#include "grader/tests/lib/entries_apart.hpp"

using namespace grader;
using namespace grader::kata_decoder_block;

TEST_CASE(
    "every decoder_block catalogue entry differs from the reference and from every other "
    "entry",
    "[catalogue][decoder_block]") {
  const std::vector<Case> cases = discriminating_cases();
  grader::testing::check_catalogue_apart(catalogue(), cases, run_reference);
}
