// Random cases for the @NAME@ kata's checks, the call into the learner's code, and output
// comparison. TODO(new-kata): the inputs of the kata's own task.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "grader/check.hpp"
#include "grader/property.hpp"
#include "kt/tensor.hpp"

namespace grader::kata_@NAME@ {

struct Case {
  kt::Tensor x;
  /// The inputs as a learner should see them with a failure.
  [[nodiscard]] std::vector<std::pair<std::string, std::string>> describe() const;
};

/// Draws a case inside a RapidCheck property (sizes named, so shrinking shows them).
Case generate();

/// What the learner's code did: its output, or the exception it threw.
struct Run {
  kt::Tensor out;
  std::string error;
  [[nodiscard]] bool ok() const { return out.defined(); }
};
Run run_learner(const Case& c);
kt::Tensor run_reference(const Case& c);

/// Same shape as the reference and allclose with rtol 1e-9, atol 1e-12 (float64 throughout).
bool close(const kt::Tensor& got, const kt::Tensor& expected);

/// The failure for a case: what was expected, what came out, the inputs.
Failure failure(const Case& c, const Run& run, std::string message);

}  // namespace grader::kata_@NAME@
