// Random cases for the cross_entropy kata's checks, the call into the learner's
// kata::cross_entropy, and the comparison of its 0-d output (at the tolerance of the logits' dtype
// and size).
#pragma once

#include "grader/lib/kata.hpp"

namespace grader::kata_cross_entropy {

/// The values a case's logits take.
enum class Logits {
  Moderate,  // 3 * randn
  Large,     // rows shifted by +-1000, spread over thousands, or with entries 1000 below the rest
  Shifted,   // 3 * randn + 1000 in every row: exp overflows unless the maximum is taken out
  Wide,      // 3 * randn, some entries (the target among them in some row) 1000 below the rest
};

/// Which rows a case ignores.
enum class Ignored {
  None,
  Some,  // at least one row ignored and one kept, ignore_index -100 or a class in [0, C)
  All,   // every row
};

/// Ranges a check draws its cases from. The defaults are the general checks' ranges.
struct Spec {
  int64_t n_min = 1, n_max = 6;  // rows
  int64_t c_min = 1, c_max = 8;  // classes
  Logits logits = Logits::Moderate;
  Ignored ignored = Ignored::None;
  bool float64_only = false;
  bool smoothing = true;        // label_smoothing drawn from 0, 0.1, 0.3 (else 0)
  bool smoothing_only = false;  // 0.1 or 0.3, never 0
  bool ignore_a_class = false;  // with rows ignored, ignore_index always a class (else -100 or one)
};

/// The pitfall detectors' preset (Note [cross_entropy detectors] in detect.hpp): Float64, N 2-6,
/// C 3-8.
Spec detector_spec(Logits logits, Ignored ignored);

struct Case {
  kt::Tensor logits, target;
  int64_t ignore_index = -100;
  double label_smoothing = 0.0;
  std::string values;  // how the logits were drawn, for the learner
  /// The inputs as a learner should see them with a failure.
  [[nodiscard]] std::vector<std::pair<std::string, std::string>> describe() const;
  /// How many rows are not ignored.
  [[nodiscard]] int64_t kept_rows() const;
};

/// Draws a case inside a RapidCheck property.
Case generate(const Spec& spec);

/// grader::run_property, minus the RapidCheck values that only build what the case shows.
Outcome run_cross_entropy_property(uint64_t seed, int cases,
                                   const std::function<std::optional<Failure>()>& body);

/// What kata::cross_entropy did with fresh copies of the case's inputs: the Run, and which inputs
/// it changed ("logits", "target"; empty when none).
using Called = CallWithInputs;
Called call_learner_on(const Case& c);
Run run_learner(const Case& c);
/// ref::cross_entropy of the case (0-d Float64).
kt::Tensor run_reference(const Case& c);

/// Whether got (0-d, any floating dtype) is expected at the case's tolerance, NaN equal to NaN and
/// an infinity to itself: in Float64 rtol 1e-9 and atol 1e-12 * (1 + the largest |logit|), in
/// Float32 rtol 1e-5 and atol 4e-6 * (1 + the largest |logit|) (Note [cross_entropy's
/// tolerance] in cases.cpp).
bool matches(const Case& c, const kt::Tensor& got, const kt::Tensor& expected);
std::string tolerance_text(const Case& c);

/// Whether a call returned a 0-d tensor of the logits' dtype.
bool shape_ok(const Case& c, const Run& run);
/// The failure for a call that threw or returned another shape or dtype (not_implemented when it
/// threw kt::NotImplemented); with the journey when it threw or gave another shape.
Failure failure_from_run(const Case& c, const Run& run);
/// The failure for a case whose output is got: the case, the expected and got values.
Failure failure(const Case& c, const kt::Tensor& got, std::string message);
/// The general comparison with the reference, `why` appended to a failure's message.
std::optional<Failure> compare(const Case& c, const Run& run, const std::string& why);
/// A detector's failure for a call it could not check (it threw or gave another shape or dtype).
std::optional<Failure> cannot_check(const Case& c, const Run& run, const std::string& id);

}  // namespace grader::kata_cross_entropy
