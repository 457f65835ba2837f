// Random cases for the rope kata's checks, the call into the learner's kata::apply_rope, and the
// comparison of its output (at a tolerance that grows with the position: Note [rope tolerance]).
#pragma once

#include "grader/lib/kata.hpp"

namespace grader::kata_rope {

/// How a case's x is laid out in memory.
enum class Layout {
  Contiguous,  // (B, H, T, d) as allocated
  Any,         // contiguous, a transposed view of (B, T, H, d), or a slice of a wider last axis
};

/// Ranges a check draws its cases from. The defaults are the general checks' ranges.
struct Spec {
  int64_t T_min = 1, T_max = 6;
  int64_t half_min = 1, half_max = 6;  // d = 2 * half
  int64_t start_min = 0, start_max = 64;
  bool float32 = true;      // Float32 cases besides Float64 ones
  bool other_bases = true;  // bases other than 10000 (100, 500000)
  Layout layout = Layout::Contiguous;
};

/// The pitfall detectors' range (Note [rope detectors] in detect.hpp): Float64, contiguous,
/// T 2-5, d 4-8, start_pos 1-40.
Spec detector_spec();

struct Case {
  kt::Tensor x;
  int64_t start_pos = 0;
  double base = 10000.0;
  std::string layout = "contiguous";  // how x sits in memory, for the learner
  [[nodiscard]] int64_t d() const { return x.size(-1); }
  [[nodiscard]] int64_t T() const { return x.size(-2); }
  /// The inputs as a learner should see them with a failure.
  [[nodiscard]] std::vector<std::pair<std::string, std::string>> describe() const;
};

/// Draws a case inside a RapidCheck property (sizes, start_pos, base and dtype named, so
/// shrinking shows them).
Case generate(const Spec& spec);

/// grader::run_property, minus the RapidCheck values only the shown fields depend on.
Outcome run_rope_property(uint64_t seed, int cases,
                          const std::function<std::optional<Failure>()>& body);

/// What one call of kata::apply_rope gave, and whether it changed the x it was given.
struct Called {
  Run run;
  bool x_changed = false;
};
/// Calls kata::apply_rope on a copy of the case's x (in the case's layout) at its start_pos and
/// base.
Called call_learner_on(const Case& c);
/// call_learner_on(c).run.
Run run_learner(const Case& c);
/// ref::rope of the case (Float64).
kt::Tensor run_reference(const Case& c);

/// allclose at the case's tolerance (Note [rope tolerance]).
bool matches(const Case& c, const kt::Tensor& got, const kt::Tensor& expected);
/// The tolerance matches() uses, as text.
std::string tolerance_text(const Case& c);

/// The kit's steps for this kata (grader/lib/kit.hpp): shape_ok, failure, failure_from_run,
/// compare, cannot_check.
const SameShapeKata<Case>& kata();

}  // namespace grader::kata_rope
