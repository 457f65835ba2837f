// The speculative_decoding kata's simulation of the verification steps learners write: the
// statement's step with each classic choice made one way or another (Steps), replayed on a case's
// uniforms. The pitfall detectors (detect.hpp) and the catalogue (catalogue.hpp) search it; the
// kata's own reference is reference/speculative_decoding, written apart (a test checks the default
// Steps against it).
#pragma once

#include <cstdint>
#include <vector>

namespace grader::kata_speculative_decoding {

struct Steps {
  /// When a draft token is accepted.
  enum class Ratio {
    PoverQ,   // u < p[x] / q[x] (right)
    QoverP,   // u < q[x] / p[x]
    P,        // u < p[x]
    AtLeast,  // p[x] >= q[x], no u drawn (catalogue)
    Argmax,   // x is p's most probable token (the first of equals), no u drawn (catalogue)
  } ratio = Ratio::PoverQ;
  /// What a rejection draws from.
  enum class Residual {
    Normalized,          // max(0, p - q) / its sum (right)
    NotNormalized,       // max(0, p - q), the last index when the running sum never exceeds u
    NotClamped,          // (p - q) / the sum of its positive entries, negatives in the running sum
    Target,              // p
    Draft,               // q
    Nothing,             // nothing appended, nothing drawn
    OverMax,             // max(0, p - q) / its largest entry: the walk stops early (catalogue)
    TargetWithoutDraft,  // p with the rejected token taken out, renormalised (catalogue)
  } residual = Residual::Normalized;
  /// What happens when every draft token is accepted.
  enum class Bonus {
    Drawn,          // one token from p_K (right)
    NoneWithDraw,   // a u drawn, nothing appended
    NoneNoDraw,     // nothing drawn or appended
    FromLastDraft,  // one token from p_{K-1}
  } bonus = Bonus::Drawn;
  /// true: one u drawn per call, before the tests, and compared in every acceptance test of the
  /// call (catalogue)
  bool one_u_for_every_test = false;
  /// How a rejection's token is taken from what it draws from (catalogue but the first).
  enum class Draw {
    Walked,     // a new u, the first index whose running sum exceeds it (right)
    RejectedU,  // the u the acceptance test rejected, walked the same way
    Largest,    // the largest weight (the first of equals), no u drawn
  } draw = Draw::Walked;
  /// true: a rejected draft token is appended too, before the residual's token (catalogue)
  bool rejected_kept = false;
  /// true: each call draws from a copy of gen, so every call takes the same uniforms from the
  /// start of the stream and gen never moves (catalogue)
  bool generator_copied = false;
};

/// The kata's pitfalls a computation makes.
struct Made {
  bool ratio_inverted = false;
  bool residual_not_normalized = false;
  bool residual_not_clamped = false;
  bool resample_from_target = false;
  bool no_bonus_token = false;
};
Made pitfalls_made(const Steps& steps);

/// A case's distributions as rows of doubles: q[i] (K rows), p[i] (K + 1 rows).
struct Rows {
  std::vector<std::vector<double>> q, p;
};

/// What `calls` steps with these choices append, one draft per call, the uniforms taken in order
/// from `u` (enough of them: (K + 1) per call); `draws` how many they took.
struct Replay {
  std::vector<std::vector<int64_t>> tokens;
  int64_t draws = 0;
  std::vector<int64_t> call_draws;  // how many each call took
};
Replay replay(const Rows& rows, const std::vector<std::vector<int64_t>>& drafts,
              const std::vector<double>& u, const Steps& steps);

}  // namespace grader::kata_speculative_decoding
