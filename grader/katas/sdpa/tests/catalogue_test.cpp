// The sdpa kata's mistake catalogue (grader/katas/sdpa/catalogue.hpp): on the discriminating cases
// every entry differs from the reference and from every other entry, so a unique match means one
// mistake. (That each wrong file of the test bed gets its entry is the self-test's
// expect-diagnosis.)
#include <catch2/catch.hpp>

#include "grader/katas/sdpa/catalogue.hpp"
#include "grader/tests/lib/entries_apart.hpp"

namespace {

using namespace grader;
using namespace grader::kata_sdpa;

}  // namespace

TEST_CASE("every sdpa catalogue entry differs from the reference and from every other entry",
          "[catalogue][sdpa]") {
  const std::vector<Case> cases = discriminating_cases();
  grader::testing::check_catalogue_apart(
      catalogue(), cases,
      [](const SdpaEntry& e, const Case& c) { return sdpa_with_mistakes(c, e.mistakes); },
      [](const Case& c) { return run_reference(c); });
}

TEST_CASE("no discriminating sdpa case leaves a query without a key", "[catalogue][sdpa]") {
  for (const Case& c : discriminating_cases()) CHECK(kt::any(empty_rows(c)).item() == 0.0);
}

TEST_CASE("an sdpa catalogue entry together with no mistake computes the entry alone",
          "[catalogue][sdpa]") {
  // A flag together() forgets would be dropped here: the entry that sets it would come out right.
  const std::vector<Case> cases = discriminating_cases();
  for (const SdpaEntry& e : catalogue()) {
    INFO(e.entry.id);
    const std::optional<Mistakes> alone = together(e.mistakes, Mistakes{});
    REQUIRE(alone);
    for (const Case& c : cases) {
      const kt::Tensor both = sdpa_with_mistakes(c, *alone),
                       one = sdpa_with_mistakes(c, e.mistakes);
      CHECK(both.defined() == one.defined());  // an entry that cannot run here (mask_transposed)
      if (one.defined()) CHECK(grader::identical(both, one));
    }
  }
}

TEST_CASE("two sdpa mistakes on one step are no double", "[catalogue][sdpa]") {
  CHECK_FALSE(together({.scale = Scale::None}, {.scale = Scale::Dk}));
  CHECK_FALSE(together({.softmax_axis = -2}, {.softmax_axis = -3}));
  CHECK_FALSE(together({.masks_or = true}, {.masks_or = true}));
  const std::optional<Mistakes> both = together({.scale = Scale::Dk}, {.masks_or = true});
  REQUIRE(both);
  CHECK(both->scale == Scale::Dk);
  CHECK(both->masks_or);
}
