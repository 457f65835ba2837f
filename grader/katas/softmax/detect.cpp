#include "grader/katas/softmax/detect.hpp"

namespace grader::kata_softmax {

std::optional<Failure> cannot_check(const Case& c, const Run& run, const std::string& id) {
  return kata().cannot_check(c, run, id);
}

std::optional<int64_t> other_axis_matching(const Case& c, const kt::Tensor& got,
                                           const std::function<kt::Tensor(int64_t)>& mistake) {
  for (int64_t other = 0; other < c.x.dim(); ++other) {
    if (other != c.axis() && matches(c, got, mistake(other))) return other;
  }
  return std::nullopt;
}

Failure found_pitfall(const Case& c, const kt::Tensor& got, const char* id, std::string message) {
  Failure f = kata().failure(c, got, run_reference(c), std::move(message));
  f.pitfall = id;
  return f;
}

}  // namespace grader::kata_softmax
