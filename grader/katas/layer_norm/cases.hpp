// Random cases for the layer_norm kata's checks, the call into the learner's kata::layer_norm, and
// the comparison of its output (at the tolerance of x's dtype).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "grader/lib/check.hpp"
#include "grader/lib/compare.hpp"
#include "grader/lib/kit.hpp"
#include "grader/lib/learner_call.hpp"
#include "grader/lib/property.hpp"
#include "kt/tensor.hpp"

namespace grader::kata_layer_norm {

/// The values a case's rows take.
enum class Values {
  Moderate,       // 3 * randn, each row shifted by up to +-2 (Float32: a spread of 1 to 3)
  SmallVariance,  // 0.003 * randn shifted by up to +-1: a variance near 1e-5, where eps counts
  Offset,         // randn shifted by 3 to 6: mean(x^2) far from the variance
};

/// Ranges a check draws its cases from. The defaults are the general checks' ranges.
struct Spec {
  int rank_min = 1, rank_max = 4;
  int64_t size_min = 1, size_max = 5;  // the leading axes
  int64_t d_min = 2, d_max = 8;        // D, the last axis (D = 1: the one_feature check)
  bool cube = false;                   // every axis the same size, 3 or 4 (see cube())
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
  std::string values;  // how x was drawn, for the learner
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
struct Called {
  Run run;
  std::vector<std::string> changed;
};
Called call_learner_on(const Case& c);
/// The run alone.
Run run_learner(const Case& c);
/// ref::layer_norm of the case (Float64).
kt::Tensor run_reference(const Case& c);

/// allclose at the tolerance of x's dtype: rtol 1e-9 / atol 1e-12 in Float64, rtol 1e-4 / atol
/// 1e-4 in Float32 (Note [layer_norm's float32 tolerance] in cases.cpp).
bool matches(const Case& c, const kt::Tensor& got, const kt::Tensor& expected);
std::string tolerance_text(const Case& c);

/// The kit's steps for this kata (grader/lib/kit.hpp).
const SameShapeKata<Case>& kata();

}  // namespace grader::kata_layer_norm
