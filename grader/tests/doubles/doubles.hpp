// Note [every double named exactly]
// A learner who makes two of a kata's pitfalls at once must read both names, and no third: a
// detector that goes silent beside another mistake, or fires on one it is not about, sends the
// learner to the wrong line. Each kata proves it on a learner of its own (its
// tests/doubles_test.cpp): a stand-in written with kt's ops the way a learner writes the kata, with
// one switch per pitfall (its "slips"). The kit (here) turns on every slip alone and every two
// together, runs every detector the kata registers against that learner (the real checks, through
// the same channel as a learner's process: grader/tests/lib/runner_stand_ins.cpp), and compares the
// pitfalls named with the slips turned on.
//
// Where one slip changes what the other means, the kata says so for that pair, with why:
// - exclusive: the two cannot both be made (two values of one choice, such as the divisor of the
//   scores); the pair is not run.
// - absorbs: with the first, the second's code is never reached (nothing is made contiguous after
//   no transpose) or computes the same: only the first is named.
// - hides: the first makes the call throw on the cases where the second would show, so a detector
//   may name the first only (a detector whose cases still run names both). Never a third name.
// The stand-in is the kata's own code, not the grader's simulation of the mistakes, so the test
// also checks that the simulations compute what a learner's mistakes compute.
#pragma once

#include <cstdint>
#include <functional>
#include <set>
#include <string>
#include <vector>

namespace doubles {

using Names = std::set<std::string>;

/// The pitfalls this program's detectors (its registered checks "pitfall_ID", but those of `skip`)
/// name on the learner as the stand-ins now compute it, on the cases of `seed`.
Names named_pitfalls(uint64_t seed, const Names& skip = {});

/// Every pitfall this program registers a detector of.
Names registered_pitfalls();

enum class Relation { Exclusive, Absorbs, Hides };

/// How slip `first` bears on slip `second` (Note [every double named exactly]), and why.
struct Pair {
  std::string first, second;
  Relation relation;
  std::string why;
};

/// One kata's learner with slips: `learn(slips)` makes the stand-ins compute the kata with the
/// slips (pitfall ids) turned on. Its slips are the pitfalls the kata registers: a new pitfall
/// without a slip fails the test (nothing names it when it alone is on).
struct Kata {
  std::function<void(const Names& slips)> learn;
  std::vector<Pair> pairs;
  /// Pitfalls whose detector reads what only the learner's own process shows (its peak memory,
  /// say), with why: not slips, and their detectors not run. The test bed's files cover them.
  std::vector<std::pair<std::string, std::string>> outside = {};
};

/// What one run found: the slips, the pitfalls named, and what was expected (empty when right).
struct Verdict {
  Names slips, named;
  std::string wrong;  // "" when the names are right; else what is wrong, in words
};

/// Runs no slip, every slip alone and every pair of slips (Note [every double named exactly]); a
/// verdict for each. Under AddressSanitizer, no pairs (Note [doubles under the sanitizers] in
/// doubles.cpp).
std::vector<Verdict> every_single_and_double(const Kata& kata, uint64_t seed);

/// "{a, b}".
std::string text(const Names& names);

}  // namespace doubles
