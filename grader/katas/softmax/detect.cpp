#include "grader/katas/softmax/detect.hpp"

namespace grader::kata_softmax {

std::optional<Failure> cannot_check(const Case& c, const Run& run, const std::string& id) {
  return kata().cannot_check(c, run, id);
}

Made pitfalls_made(const Steps& steps, int64_t axis) {
  // Without keepdim along the first axis, a reduction lines up as with it.
  const bool sums_misplaced = !steps.sum_keepdim && steps.sum_axis != 0;
  const bool maxima_misplaced = !steps.max_keepdim && steps.max_axis != 0;
  return {.softmax_wrong_dim = steps.sum_axis != axis && steps.max_axis != axis,
          .max_over_wrong_dim =
              maxima_misplaced || (steps.max_axis != steps.sum_axis && steps.max_axis != axis),
          .sum_without_keepdim = sums_misplaced};
}

std::vector<Steps> searched_steps(int64_t rank) {
  std::vector<Steps> all;
  for (int64_t sums = 0; sums < rank; ++sums) {
    for (const bool sum_keepdim : {true, false}) {
      for (int64_t maxima = 0; maxima < rank; ++maxima)
        all.push_back({.sum_axis = sums, .sum_keepdim = sum_keepdim, .max_axis = maxima});
      all.push_back(
          {.sum_axis = sums, .sum_keepdim = sum_keepdim, .max_axis = sums, .max_keepdim = false});
    }
  }
  return all;
}

std::optional<Steps> steps_with(const Case& c, const kt::Tensor& got, bool Made::*pitfall) {
  std::optional<Steps> with;
  for (const Steps& steps : searched_steps(c.x.dim())) {
    const kt::Tensor computed = softmax_with_steps(c.x, steps);
    if (!computed.defined() || !matches(c, got, computed)) continue;
    if (!(pitfalls_made(steps, c.axis()).*pitfall)) return std::nullopt;  // explained without it
    if (!with) with = steps;
  }
  return with;
}

Failure found_pitfall(const Case& c, const kt::Tensor& got, const char* id, std::string message) {
  Failure f = kata().failure(c, got, run_reference(c), std::move(message));
  f.pitfall = id;
  return f;
}

}  // namespace grader::kata_softmax
