// Random cases for the softmax kata's checks, the call into the learner's kata::softmax, and the
// comparison of its output (at the tolerance of x's dtype).
#pragma once

#include "grader/lib/kata.hpp"

namespace grader::kata_softmax {

/// Which axis a case normalises along.
enum class Axis {
  Any,       // any dim in [-rank, rank)
  First,     // 0 or -rank: where a row sum or max taken without keepdim still lines up
  NotFirst,  // 1..rank-1 or its negative: where it does not
};

/// The values a case's logits take.
enum class Logits {
  Moderate,     // 3 * randn
  Large,        // each slice shifted by 0, +-1000 or +-1e30, or spread over thousands
  Masked,       // moderate, with entries of -inf (every slice keeps a finite one) and slices
                // made entirely of finfo(dtype).min
  EqualMaxima,  // in [-3, 0], with 0 in every slice along dim: every slice has the same maximum
};

/// Ranges a check draws its cases from. The defaults are the general checks' ranges.
struct Spec {
  int rank_min = 1, rank_max = 4;
  int64_t size_min = 1, size_max = 6;
  bool cube = false;  // every axis the same size (so a row sum without keepdim broadcasts)
  Axis axis = Axis::Any;
  Logits logits = Logits::Moderate;
};

/// Presets of the pitfall detectors (Note [softmax detectors] in detect.hpp).
Spec first_axis();  // rank 2-4, every axis >= 2, dim 0 or -rank, moderate logits
/// rank 2-3, every axis the same size 3-4, dim not the first. Not 2: in a 2x2 matrix whose
/// maxima sit on the anti-diagonal, each row holds the same values as the column of its index, so
/// a sum along the wrong axis and a sum without keepdim give the same numbers.
Spec cube_not_first(Logits logits);
/// rank 2-4, every axis the same size 3-4, any dim.
Spec cube_any_dim(Logits logits);

struct Case {
  kt::Tensor x;
  int64_t dim = -1;
  std::string logits;  // how the values were drawn, for the learner
  /// dim counted from the front: 0..rank-1.
  [[nodiscard]] int64_t axis() const { return dim < 0 ? dim + x.dim() : dim; }
  /// The inputs as a learner should see them with a failure.
  [[nodiscard]] std::vector<std::pair<std::string, std::string>> describe() const;
};

/// Draws a case inside a RapidCheck property (sizes, dim and dtype named, so shrinking shows
/// them).
Case generate(const Spec& spec);

/// grader::run_property, minus the RapidCheck values that only build what the case's fields show
/// (the rank and sizes behind "x shape", the parts of "dim").
Outcome run_softmax_property(uint64_t seed, int cases,
                             const std::function<std::optional<Failure>()>& body);

/// Calls kata::softmax on a copy of the case's x (grader::Run: its output, or what it threw).
Run run_learner(const Case& c);
/// The same call on other logits, at the case's dim.
Run run_learner(const Case& c, const kt::Tensor& x);
/// ref::softmax of the case (Float64).
kt::Tensor run_reference(const Case& c);

/// allclose at the tolerance of x's dtype: the grader's rtol 1e-9 / atol 1e-12 in Float64;
/// rtol 1e-5 / atol 1e-7 in Float32, where one rounding of an exp is already ~6e-8 relative.
bool matches(const Case& c, const kt::Tensor& got, const kt::Tensor& expected);
/// The tolerance matches() uses, as text ("rtol 1e-9, atol 1e-12").
std::string tolerance_text(const Case& c);

/// The kit's steps for this kata (grader/lib/kit.hpp): shape_ok, failure, failure_from_run,
/// compare, cannot_check.
const SameShapeKata<Case>& kata();

}  // namespace grader::kata_softmax
