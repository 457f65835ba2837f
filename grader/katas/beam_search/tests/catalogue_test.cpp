// The beam_search kata's mistake catalogue (grader/katas/beam_search/catalogue.hpp): on the
// discriminating cases every entry differs from the reference and from every other entry, so a
// unique match means one mistake; and the simulation's default search is the reference.
// (That each wrong file of the test bed gets its entry is the self-test's expect-diagnosis.)
#include <catch2/catch.hpp>

#include <vector>

#include "grader/katas/beam_search/catalogue.hpp"
#include "grader/katas/beam_search/detect.hpp"
#include "grader/tests/lib/entries_apart.hpp"

using namespace grader;
using namespace grader::kata_beam_search;

TEST_CASE("every beam_search catalogue entry differs from the reference and from every other entry",
          "[catalogue][beam_search]") {
  const std::vector<Case> cases = discriminating_cases();
  grader::testing::check_catalogue_apart(
      catalogue(), cases,
      [](const Entry& e, const Case& c) { return outcome(simulate(c, e.steps)); },
      [](const Case& c) { return outcome(c.reference().result); });
}

TEST_CASE("every beam_search catalogue entry is one of the searches its detectors search",
          "[catalogue][beam_search]") {
  grader::testing::check_catalogue_searched(
      catalogue(), discriminating_cases(), searched_steps(),
      [](const Entry& e, const Case& c) { return outcome(simulate(c, e.steps)); },
      [](const kata_beam_search::Steps& s, const Case& c) { return outcome(simulate(c, s)); });
}

TEST_CASE(
    "beam_search's searched searches: each pitfall changes the result on some discriminating "
    "case",
    "[beam_search]") {
  const std::vector<Case> cases = discriminating_cases();
  for (const kata_beam_search::Steps& steps : searched_steps()) {
    const Made made = pitfalls_made(steps);
    if (!(made.per_beam_top_k || made.finished_beams_extended || made.no_length_penalty ||
          made.eos_kept_live || made.probabilities_multiplied))
      continue;
    bool differs = false;
    for (const Case& c : cases)
      differs = differs || !same_result(simulate(c, steps), c.reference().result);
    CHECK(differs);
  }
}

TEST_CASE(
    "the simulation's default search returns the reference's hypotheses on random models, "
    "widths, steps and penalties",
    "[beam_search]") {
  // Two implementations of the statement written apart (the reference's loops and the
  // simulation's switches).
  kt::Generator gen(20261206);
  for (int i = 0; i < 2000; ++i) {
    Case c;
    const auto pick = [&](int64_t lo, int64_t hi) {
      return lo + int64_t(gen.uniform() * double(hi - lo + 1));
    };
    c.model.v = pick(1, 8);
    c.model.kind = ModelKind(pick(0, 3));
    c.model.seed = uint64_t(pick(1, 1000000));
    c.eos = pick(0, c.model.v - 1);
    c.model.eos = c.eos;
    c.bos = pick(0, c.model.v - 1);
    c.beam_width = pick(1, 5);
    c.max_new_tokens = pick(1, 7);
    const double penalties[] = {0.0, 0.5, 1.0, 2.0};
    c.length_penalty = penalties[pick(0, 3)];
    INFO("case " << i << ": V " << c.model.v << ", kind " << int(c.model.kind) << ", seed "
                 << c.model.seed << ", bos " << c.bos << ", eos " << c.eos << ", width "
                 << c.beam_width << ", steps " << c.max_new_tokens << ", penalty "
                 << c.length_penalty);
    CHECK(same_result(c.reference().result, simulate(c, kata_beam_search::Steps{})));
  }
}
