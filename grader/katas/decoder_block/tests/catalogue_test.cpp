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
  std::vector<std::string> names;
  std::vector<std::vector<kt::Tensor>> out;
  for (const Entry& e : catalogue()) {
    names.push_back(e.entry.id + " (" + e.entry.what + ")");
    out.emplace_back();
    for (const Case& c : cases) out.back().push_back(e.computes(c));
  }
  std::vector<kt::Tensor> reference;
  for (const Case& c : cases) reference.push_back(run_reference(c));
  grader::testing::check_entries_apart(names, out, reference);
}
