// The speculative_decoding kata's comparison of a learner's calls with the statement's (compare in
// cases.hpp): where a call first takes another count of numbers from gen, the report starts there,
// not at the first call whose tokens differ (the calls after it read other numbers).
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "grader/katas/speculative_decoding/cases.hpp"

using namespace grader;
using namespace grader::kata_speculative_decoding;

namespace {

/// A case of one draft token per call over two tokens, the statement's replay of it, and the
/// calls of a step that takes the residual's largest entry after a rejection (no u drawn).
struct Fixture {
  Case c;
  Replay want, argmax;
  Fixture() {
    c.draft_probs = kt::from_vector(std::vector<double>{0.8796, 0.1204}, {1, 2});
    c.target_probs = kt::from_vector(std::vector<double>{0.0847, 0.9153, 0.3115, 0.6885}, {2, 2});
    c.drafts = {{0}, {1}, {0}, {0}, {0}, {1}, {0}, {0}};
    c.gen_seed = 1;
    c.values = "fixed";
    want = reference_replay(c);
    kata_speculative_decoding::Steps largest;
    largest.draw = kata_speculative_decoding::Steps::Draw::Largest;
    argmax = replay_with(c, largest);
  }
  Called called(const Replay& r) const {
    Called out;
    out.run.out = kt::zeros({1});  // returned (the tokens are read from the fields below)
    out.tokens = r.tokens;
    out.draws = r.draws;
    out.call_draws = r.call_draws;
    return out;
  }
};

}  // namespace

TEST_CASE("a call that takes another count of numbers from gen is where the report starts",
          "[speculative_decoding]") {
  const Fixture f;
  // The first call takes fewer numbers; its tokens are the statement's.
  size_t first = 0;
  while (first < f.want.call_draws.size() && f.want.call_draws[first] == f.argmax.call_draws[first])
    ++first;
  REQUIRE(first < f.want.tokens.size());
  REQUIRE(f.want.tokens[first] == f.argmax.tokens[first]);
  const std::optional<Failure> failure = compare(f.c, f.called(f.argmax), "");
  REQUIRE(failure);
  INFO(failure->message);
  const std::string call = "call " + std::to_string(first + 1);
  CHECK(failure->message.rfind(call + " took 1 number from gen where the statement's takes 2, " +
                                   "though it appended the statement's tokens",
                               0) == 0);
  CHECK(
      failure->message.find("the count is the first difference, and those tokens follow from it") !=
      std::string::npos);
  CHECK(failure->journey.rfind(call + " (draft_tokens", 0) == 0);
  // Its trace says the tokens agree and what differs is the count (round 49's reader took
  // "yours appended [0, 1]" under "appends [0, 1]" for the trace of another call).
  std::string tokens = "[";
  for (const int64_t t : f.want.tokens[first])
    tokens += (tokens.size() > 1 ? ", " : "") + std::to_string(t);
  tokens += "]";
  CHECK(failure->journey.ends_with(". The statement appends " + tokens +
                                   ", as yours did, but takes 2 numbers from gen for it; yours "
                                   "took 1."));
  // The statement's own calls: nothing to report.
  CHECK_FALSE(compare(f.c, f.called(f.want), ""));
}
