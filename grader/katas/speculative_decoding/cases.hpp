// Random cases for the speculative_decoding kata's checks (a draft's and a target's
// distributions, one draft per call, several calls sharing one generator), the calls into the
// learner's kata::speculative_step, and the replay of the draws the statement fixes.
#pragma once

#include "grader/lib/kata.hpp"

#include "grader/katas/speculative_decoding/mistakes.hpp"

namespace grader::kata_speculative_decoding {

/// v with `digits` significant digits.
inline std::string number(double v, int digits = 4) { return number_text(v, digits); }

/// How the target's distributions relate to the draft's.
enum class Target {
  Random,  // softmax of the draft's logits plus 1.5 * randn: most drafts partly accepted
  Same,    // p_i = q_i for i < K: every draft token accepted, then the bonus token from p_K
  Apart,   // softmax of 2.5 * randn, unrelated to q: rejections at the first tokens
};

/// Ranges a check draws its cases from. The defaults are the general checks' ranges.
struct Spec {
  int64_t v_min = 2, v_max = 8;
  int64_t k_min = 1, k_max = 4;
  Target target = Target::Random;
  int64_t calls = 8;  // calls sharing one generator, each with its own draft
};

/// The pitfall detectors' preset (Note [speculative_decoding detectors] in detect.hpp): V 3-8,
/// K 1-4, 100 calls.
Spec detector_spec(Target target);

struct Case {
  kt::Tensor draft_probs, target_probs;      // (K, V), (K + 1, V), Float64
  std::vector<std::vector<int64_t>> drafts;  // one per call, K tokens, drawn from q
  uint64_t gen_seed = 1;
  std::string values;  // how the distributions were drawn, for the learner
  /// K and V as draft_probs gives them (0 where it has no such axis: a case outside the API).
  [[nodiscard]] int64_t k() const { return draft_probs.dim() >= 1 ? draft_probs.size(0) : 0; }
  [[nodiscard]] int64_t v() const { return draft_probs.dim() == 2 ? draft_probs.size(1) : 0; }
  [[nodiscard]] int64_t calls() const { return int64_t(drafts.size()); }
  [[nodiscard]] Rows rows() const;
  /// The uniforms the calls may take: (K + 1) per call, from kt::Generator gen(gen_seed).
  [[nodiscard]] std::vector<double> uniforms() const;
  /// The inputs as a learner should see them with a failure.
  [[nodiscard]] std::vector<std::pair<std::string, std::string>> describe() const;
};

/// Draws a case inside a RapidCheck property: none of the statement's decisions on it lies within
/// 1e-9 of its boundary (Note [speculative_decoding's tolerance] in cases.cpp).
Case generate(const Spec& spec);

/// grader::run_property, minus the RapidCheck values that only build what the case shows.
Outcome run_speculative_property(uint64_t seed, int cases,
                                 const std::function<std::optional<Failure>()>& body,
                                 bool shrink = true);

/// What the learner's calls did: the Run (its out the appended tokens packed), the tokens of each
/// call, how many gen.uniform() they took together (-1: more than the grader counts), and whether
/// an input changed.
struct Called {
  Run run;
  std::vector<std::vector<int64_t>> tokens;
  int64_t draws = 0;
  std::vector<int64_t> call_draws;  // how many each call took; -1: more than a call may
  bool changed = false;
};
Called call_learner_on(const Case& c);

/// What the statement's steps append on the case, and the draws they take.
Replay reference_replay(const Case& c);
/// What steps with these choices append on the case.
Replay replay_with(const Case& c, const Steps& steps);
/// Whether the learner's calls appended `r`'s tokens and took its draws.
bool same(const Called& called, const Replay& r);

/// The failure for a case: the case, the tokens expected and got, and `message`.
Failure failure(const Case& c, const Called& called, std::string message);
/// The failure for calls that threw (not_implemented when kt::NotImplemented).
Failure failure_from_run(const Case& c, const Run& run);
/// The general replay: every call's tokens and the draws are the statement's; `why` appended.
std::optional<Failure> compare(const Case& c, const Called& called, const std::string& why);
/// "Call 3 (draft [2, 0]): u = 0.41 < p_0[2] / q_0[2] = ..., so ...; yours appended [...]."
std::string explain_call(const Case& c, size_t call, const Called& called);
/// A detector's failure for a case it could not check (a call threw).
std::optional<Failure> cannot_check(const Case& c, const Called& called, const std::string& id);

}  // namespace grader::kata_speculative_decoding
