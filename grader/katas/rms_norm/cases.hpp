// Random cases for the rms_norm kata's checks, the call into the learner's kata::rms_norm, and
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

namespace grader::kata_rms_norm {

/// The values a case's rows take.
enum class Values {
  Moderate,  // 3 * randn, each row shifted by up to +-2
  Small,     // 0.001 * randn: a mean of squares near 1e-6, where eps counts
  Offset,    // randn shifted by 3 to 6: the mean far from 0, where subtracting it shows
};

/// Ranges a check draws its cases from. The defaults are the general checks' ranges.
struct Spec {
  int rank_min = 1, rank_max = 4;
  int64_t size_min = 1, size_max = 5;  // the leading axes
  int64_t d_min = 2, d_max = 8;        // D, the last axis (D = 1: the one_feature check)
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
  std::string values;  // how x was drawn, for the learner
  /// The inputs as a learner should see them with a failure.
  [[nodiscard]] std::vector<std::pair<std::string, std::string>> describe() const;
};

/// Draws a case inside a RapidCheck property (sizes, dtype and eps named, so shrinking shows them).
Case generate(const Spec& spec);

/// grader::run_property, minus the RapidCheck values that only build what the case shows.
Outcome run_rms_norm_property(uint64_t seed, int cases,
                              const std::function<std::optional<Failure>()>& body);

/// What kata::rms_norm did with fresh copies of the case's inputs: the Run, and which inputs
/// it changed ("x", "weight"; empty when none).
struct Called {
  Run run;
  std::vector<std::string> changed;
};
Called call_learner_on(const Case& c);
/// The run alone.
Run run_learner(const Case& c);
/// ref::rms_norm of the case (Float64).
kt::Tensor run_reference(const Case& c);

/// allclose at the tolerance of x's dtype: rtol 1e-9 / atol 1e-12 in Float64, rtol 1e-5 / atol
/// 1e-6 in Float32 (Note [rms_norm's float32 tolerance] in cases.cpp).
bool matches(const Case& c, const kt::Tensor& got, const kt::Tensor& expected);
std::string tolerance_text(const Case& c);

/// The kit's steps for this kata (grader/lib/kit.hpp).
const SameShapeKata<Case>& kata();

}  // namespace grader::kata_rms_norm
