// Random cases for the layer_norm kata's checks, the call into the learner's kata::layer_norm, and
// the comparison of its output (at the tolerance of x's dtype).
#pragma once

#include "grader/lib/kata.hpp"

#include "grader/katas/norm_family/kata.hpp"

namespace grader::kata_layer_norm {

using Values = norm_family::Values;

/// Ranges a check draws its cases from. The defaults are the general checks' ranges.
struct Spec {
  RowsShape shape;    // D = 1: the one_feature check; D = 2 drawn last
  bool cube = false;  // instead: every axis the same size, 3 or 4 (see cube())
  Values values = Values::Moderate;
  bool float64_only = false;
  bool eps_default_only = false;  // eps = 1e-5 (else 1e-5, 1e-2 or 0.5)
};

/// The pitfall detectors' preset (Note [layer_norm detectors] in detect.hpp): rank 2-3, every axis
/// the same size 3 or 4, Float64. Statistics reduced without keepdim broadcast against the last
/// axis there instead of throwing, so every detector sees code that makes that mistake too.
Spec cube(Values values);

struct Case {
  kt::Tensor x, weight, bias;
  double eps = 1e-5;
  std::string values;   // how x was drawn, for the learner
  uint64_t layout = 0;  // x's layout in the learner's process (norm_family::call_norm)
  /// The inputs as a learner should see them with a failure.
  [[nodiscard]] std::vector<std::pair<std::string, std::string>> describe() const;
};

/// Draws a case inside a RapidCheck property (sizes, dtype and eps named, so shrinking shows them).
Case generate(const Spec& spec);

/// grader::run_property, minus the RapidCheck values that only build what the case shows.
Outcome run_layer_norm_property(uint64_t seed, int cases,
                                const std::function<std::optional<Failure>()>& body);

/// What kata::layer_norm did with fresh copies of the case's inputs: the Run, and which inputs
/// it changed ("x", "weight", "bias"; empty when none).
using Called = CallWithInputs;
Called call_learner_on(const Case& c);
/// The run alone.
Run run_learner(const Case& c);
/// ref::layer_norm of the case (Float64).
kt::Tensor run_reference(const Case& c);

/// The kit's steps for this kata (grader/lib/kit.hpp), its tolerance among them:
/// kata().matches is allclose at the tolerance of x's dtype (Note [layer_norm's float32 tolerance]
/// in cases.cpp).
const SameShapeKata<Case>& kata();

}  // namespace grader::kata_layer_norm
