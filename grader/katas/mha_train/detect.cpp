#include "grader/katas/mha_train/detect.hpp"

namespace grader::kata_mha_train {

Case detector_case(bool training) { return generate_revealing(training, {0.3, 0.7}); }

std::optional<Failure> cannot_check(const Case& c, const Calls& r, const std::string& id) {
  if (shape_ok(c, r.run)) return std::nullopt;
  return could_not_check(failure_from_run(c, r.run), id);
}

Failure found_pitfall(const Case& c, const kt::Tensor& out, const char* id, std::string message) {
  const Revealed got = reveal(c, out);
  Failure f = failure(c, got.first, got.expected, std::move(message));
  f.pitfall = id;
  return f;
}

}  // namespace grader::kata_mha_train
