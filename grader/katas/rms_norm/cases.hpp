// Random cases for the rms_norm kata's checks, the call into the learner's kata::rms_norm, and
// the comparison of its output (at the tolerance of x's dtype).
#pragma once

#include "grader/lib/kata.hpp"

#include "grader/katas/norm_family/kata.hpp"

namespace grader::kata_rms_norm {

using Values = norm_family::Values;

/// Ranges a check draws its cases from. The defaults are the general checks' ranges.
struct Spec {
  RowsShape shape;  // D = 1: the one_feature check
  Values values = Values::Moderate;
  bool float64_only = false;
  bool eps_default_only = false;  // eps = 1e-6 (else 1e-6, 1e-5 or 0.1)
};

/// The pitfall detectors' preset (Note [rms_norm detectors] in detect.hpp): rank 2-4, leading
/// axes 2-4, D 2-6, Float64.
Spec rows(Values values);

struct Case {
  kt::Tensor x, weight;
  double eps = 1e-6;
  std::string values;   // how x was drawn, for the learner
  uint64_t layout = 0;  // x's layout in the learner's process (norm_family::call_norm)
  /// The inputs as a learner should see them with a failure.
  [[nodiscard]] std::vector<std::pair<std::string, std::string>> describe() const;
};

/// Draws a case inside a RapidCheck property (sizes, dtype and eps named, so shrinking shows them).
Case generate(const Spec& spec);

/// grader::run_property, minus the RapidCheck values that only build what the case shows.
Outcome run_rms_norm_property(uint64_t seed, int cases,
                              const std::function<std::optional<Failure>()>& body);

/// ref::rms_norm of the case (Float64).
kt::Tensor run_reference(const Case& c);

/// What kata::rms_norm did with fresh copies of the case's inputs: the Run, and which inputs
/// it changed ("x", "weight"; empty when none).
using Called = CallWithInputs;
Called call_learner_on(const Case& c);
/// The run alone.
Run run_learner(const Case& c);

/// The kit's steps for this kata (grader/lib/kit.hpp), its tolerance among them:
/// kata().matches is allclose at the tolerance of x's dtype (Note [rms_norm's float32 tolerance]
/// in cases.cpp).
const SameShapeKata<Case>& kata();

}  // namespace grader::kata_rms_norm
