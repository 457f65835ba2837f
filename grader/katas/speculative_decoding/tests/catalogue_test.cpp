// The speculative_decoding kata's mistake catalogue (catalogue.hpp): on the discriminating cases
// every entry differs from the reference and from every other entry; the simulation's default step
// is the reference.
#include <catch2/catch.hpp>

#include <vector>

#include "grader/katas/speculative_decoding/catalogue.hpp"
#include "grader/katas/speculative_decoding/detect.hpp"
#include "grader/lib/draws.hpp"
#include "grader/tests/lib/entries_apart.hpp"
#include "reference/speculative_decoding/speculative_decoding.hpp"

using namespace grader;
using namespace grader::kata_speculative_decoding;

TEST_CASE(
    "every speculative_decoding catalogue entry differs from the reference and from every other "
    "entry",
    "[catalogue][speculative_decoding]") {
  const std::vector<Case> cases = discriminating_cases();
  grader::testing::check_catalogue_apart(
      catalogue(), cases,
      [](const Entry& e, const Case& c) { return outcome(replay_with(c, e.steps)); },
      [](const Case& c) { return outcome(reference_replay(c)); });
}

TEST_CASE("every speculative_decoding catalogue entry is one of the steps its detectors search",
          "[catalogue][speculative_decoding]") {
  grader::testing::check_catalogue_searched(
      catalogue(), discriminating_cases(), searched_steps(),
      [](const Entry& e, const Case& c) { return outcome(replay_with(c, e.steps)); },
      [](const kata_speculative_decoding::Steps& s, const Case& c) {
        return outcome(replay_with(c, s));
      });
}

TEST_CASE(
    "speculative_decoding's searched steps: each pitfall changes the tokens on some "
    "discriminating case",
    "[speculative_decoding]") {
  const std::vector<Case> cases = discriminating_cases();
  for (const kata_speculative_decoding::Steps& steps : searched_steps()) {
    const Made made = pitfalls_made(steps);
    if (!(made.ratio_inverted || made.residual_not_normalized || made.residual_not_clamped ||
          made.resample_from_target || made.no_bonus_token))
      continue;
    bool differs = false;
    for (const Case& c : cases) {
      const Replay a = replay_with(c, steps), b = reference_replay(c);
      differs = differs || a.tokens != b.tokens || a.draws != b.draws;
    }
    CHECK(differs);
  }
}

TEST_CASE(
    "the simulation's default step appends the reference's tokens and takes its draws on random "
    "distributions",
    "[speculative_decoding]") {
  // Two implementations of the statement written apart (the reference's loops and the
  // simulation's switches), on random p and q, related or not, and random drafts.
  kt::Generator gen(20261206);
  for (int i = 0; i < 500; ++i) {
    const auto k = 1 + int64_t(gen.uniform() * 4), v = 2 + int64_t(gen.uniform() * 7);
    Case c;
    c.draft_probs = kt::softmax(kt::randn({k, v}, gen) * 2.0, -1);
    c.target_probs = kt::softmax(kt::randn({k + 1, v}, gen) * (i % 2 ? 2.0 : 0.3), -1);
    const Rows rows = c.rows();
    for (int call = 0; call < 6; ++call) {
      std::vector<int64_t> x;
      for (int64_t j = 0; j < k; ++j) x.push_back(int64_t(gen.uniform() * double(v)));
      c.drafts.push_back(x);
    }
    c.gen_seed = uint64_t(i + 1);
    const Replay sim = reference_replay(c);
    kt::Generator g(c.gen_seed);
    std::vector<std::vector<int64_t>> tokens;
    for (const auto& x : c.drafts)
      tokens.push_back(ref::speculative_step(c.draft_probs, x, c.target_probs, g));
    INFO("case " << i);
    CHECK(sim.tokens == tokens);
    CHECK(grader::draws_taken(c.gen_seed, g, 100) == sim.draws);
  }
}
