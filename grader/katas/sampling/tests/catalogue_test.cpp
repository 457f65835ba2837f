// The sampling kata's mistake catalogue (grader/katas/sampling/catalogue.hpp): on the
// discriminating cases every entry differs from the reference and from every other entry, so a
// unique match means one mistake; and the simulation's default computation is the reference.
// (That each wrong file of the test bed gets its entry is the self-test's expect-diagnosis.)
#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "grader/katas/sampling/catalogue.hpp"
#include "grader/katas/sampling/detect.hpp"
#include "grader/tests/lib/entries_apart.hpp"

using namespace grader;
using namespace grader::kata_sampling;

TEST_CASE("every sampling catalogue entry differs from the reference and from every other entry",
          "[catalogue][sampling]") {
  const std::vector<Case> cases = discriminating_cases();
  grader::testing::check_catalogue_apart(
      catalogue(), cases, [](const Entry& e, const Case& c) { return outcome(c, e.computes(c)); },
      [](const Case& c) { return outcome(c, reference_walk(c)); });
}

TEST_CASE("every sampling catalogue entry is one of the computations its detectors search",
          "[catalogue][sampling]") {
  grader::testing::check_catalogue_searched(
      catalogue(), discriminating_cases(), searched_steps(),
      [](const Entry& e, const Case& c) { return outcome(c, e.computes(c)); },
      [](const kata_sampling::Steps& s, const Case& c) {
        return outcome(c, walk_with_steps(c.logits, c.temperature, c.top_k, c.top_p, s));
      });
}

TEST_CASE(
    "sampling's searched computations: the default one draws as the reference, and each pitfall "
    "changes the draws on some discriminating case",
    "[sampling]") {
  const std::vector<Case> cases = discriminating_cases();
  for (const kata_sampling::Steps& steps : searched_steps()) {
    const Made made = pitfalls_made(steps);
    const bool any = made.temperature_after_softmax || made.top_p_excludes_crossing_token ||
                     made.not_renormalized || made.top_p_before_temperature ||
                     made.temperature_zero_not_greedy;
    bool differs = false;
    for (const Case& c : cases) {
      const kt::Tensor expected = outcome(c, reference_walk(c));
      differs =
          differs ||
          !kt::equal(outcome(c, walk_with_steps(c.logits, c.temperature, c.top_k, c.top_p, steps)),
                     expected);
    }
    if (!any) continue;  // the catalogue's other slips: the test above
    CHECK(differs);
  }
  const kata_sampling::Steps right;
  for (const Case& c : cases)
    CHECK(kt::equal(outcome(c, walk_with_steps(c.logits, c.temperature, c.top_k, c.top_p, right)),
                    outcome(c, reference_walk(c))));
}

TEST_CASE("a draw within rounding of a running sum may give the token on either side",
          "[sampling]") {
  Walk w;
  w.order = {1, 3, 4};
  w.p = {0.25, 0.5, 0.25};
  CHECK(w.gives(1, 0.1, 1e-9));
  CHECK_FALSE(w.gives(3, 0.1, 1e-9));
  CHECK(w.gives(3, 0.25, 1e-9));  // exactly on the sum: 0.25 does not exceed 0.25
  CHECK(w.gives(1, 0.25, 1e-9));  // and rounding may put it just below
  CHECK_FALSE(w.gives(4, 0.25, 1e-9));
  CHECK(w.gives(4, 0.9999999999, 1e-9));
}

TEST_CASE(
    "the simulation's default computation keeps the reference's tokens with its probabilities on "
    "random cases",
    "[sampling]") {
  // Two implementations of the statement written apart (the reference's loops and the
  // simulation's switches), on logits with ties and without, every filter setting.
  kt::Generator gen(20261206);
  for (int i = 0; i < 2000; ++i) {
    const auto v = 1 + int64_t(gen.uniform() * 10);
    std::vector<double> x;
    for (int64_t t = 0; t < v; ++t)
      x.push_back(i % 2 == 0 ? std::round(gen.normal() * 128) / 64
                             : double(int(gen.uniform() * 3)));
    Case c;
    c.logits = kt::from_vector(x, {v});
    const double temperatures[] = {0.0, 0.05, 0.5, 1.0, 2.0};
    c.temperature = temperatures[int(gen.uniform() * 5)];
    c.top_k = gen.uniform() < 0.5 ? 0 : int64_t(gen.uniform() * double(v + 2));
    c.top_p = gen.uniform() < 0.4 ? 1.0 : 0.05 + 0.9 * gen.uniform();
    const Walk right = walk_with_steps(c.logits, c.temperature, c.top_k, c.top_p, {});
    const Walk reference = reference_walk(c);
    INFO("case " << i << ": logits " << grader::values_text(c.logits) << ", T " << c.temperature
                 << ", top_k " << c.top_k << ", top_p " << c.top_p);
    REQUIRE(right.draws == reference.draws);
    CHECK(right.fixed == reference.fixed);
    REQUIRE(right.order == reference.order);
    for (size_t k = 0; k < right.p.size(); ++k)
      CHECK(std::abs(right.p[k] - reference.p[k]) <= 1e-12);
  }
}
