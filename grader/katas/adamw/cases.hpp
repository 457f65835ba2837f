// Random cases for the adamw kata's checks (a parameter, a state, a config and the gradients of
// one to four steps), the call into the learner's kata::adamw_step for every step, and the
// comparison of the parameter and the state it leaves (at the tolerance of param's dtype).
#pragma once

#include "grader/lib/kata.hpp"

#include "reference/adamw/adamw.hpp"

namespace grader::kata_adamw {

/// Ranges a check draws its cases from. The defaults are the general checks' ranges.
struct Spec {
  int rank_min = 0, rank_max = 3;
  int64_t size_min = 1, size_max = 4;
  int steps_min = 1, steps_max = 4;
  int64_t resume_min = 0, resume_max = 0;  // the state's step before the first call (0: fresh)
  bool float64_only = false;
  bool small_gradients = false;  // grads of 1e-4 * randn, eps 1e-8 to 1e-4: where eps counts
  bool detector = false;         // the detectors' config ranges (Note [adamw detectors])
};

/// The pitfall detectors' preset (Note [adamw detectors] in detect.hpp).
Spec detector_spec();

struct Case {
  kt::Tensor param;                // before the first step
  std::vector<kt::Tensor> grads;   // one per step
  kt::Tensor exp_avg, exp_avg_sq;  // the state before the first step (undefined: fresh)
  int64_t step = 0;
  ref::AdamWConfig cfg;
  std::string values;  // how the gradients were drawn, for the learner
  [[nodiscard]] bool fresh() const { return !exp_avg.defined(); }
  /// The inputs as a learner should see them with a failure.
  [[nodiscard]] std::vector<std::pair<std::string, std::string>> describe() const;
};

/// Draws a case inside a RapidCheck property (sizes, dtype, config and steps named, so shrinking
/// shows them).
Case generate(const Spec& spec);

/// grader::run_property, minus the RapidCheck values that only build what the case shows.
Outcome run_adamw_property(uint64_t seed, int cases,
                           const std::function<std::optional<Failure>()>& body);

/// What the learner's calls left: the Run (run.out: the learner's param after the last call), the
/// values a tensor sharing param's storage holds after it, the state, and whether a grad changed.
struct Called {
  Run run;
  kt::Tensor alias;
  kt::Tensor exp_avg, exp_avg_sq;
  int64_t step = 0;
  bool grad_changed = false;
};
Called call_learner_on(const Case& c);
/// The run alone.
Run run_learner(const Case& c);
/// ref::adamw_step over every step of the case (Float64).
ref::AdamWResult run_reference_state(const Case& c);
/// Its parameter.
kt::Tensor run_reference(const Case& c);

/// allclose at the tolerance of param's dtype: rtol 1e-10 / atol 1e-13 in Float64, rtol 1e-5 /
/// atol 1e-6 in Float32 (Note [adamw's tolerances] in cases.cpp).
bool matches(const Case& c, const kt::Tensor& got, const kt::Tensor& expected);
std::string tolerance_text(const Case& c);
/// A moment (exp_avg: power 1, exp_avg_sq: power 2) of param's shape and dtype, at the same
/// relative tolerance, its atol scaled by what it averages (Note [adamw's tolerances]).
bool moment_matches(const Case& c, const kt::Tensor& got, const kt::Tensor& expected, int power);

/// "adamw_step(param, grad, state, {lr 0.001, ...}) x 3".
std::string call_text(const Case& c);

/// The kit's steps for this kata (grader/lib/kit.hpp): the result is param after the steps.
const SameShapeKata<Case>& kata();

}  // namespace grader::kata_adamw
