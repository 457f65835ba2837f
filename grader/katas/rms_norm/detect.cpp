#include "grader/katas/rms_norm/detect.hpp"

#include <utility>

#include "grader/lib/searched.hpp"

namespace grader::kata_rms_norm {

std::vector<Steps> searched_steps(int64_t rank) {
  using Axis = Steps::Axis;
  using Centre = Steps::Centre;
  std::vector<Steps> all;
  for (const auto& [axis, other] : norm_family::searched_axes(rank))
    for (const bool keepdim : {true, false}) {
      if (axis != Axis::Last && !keepdim) continue;  // the same as with it, or it throws
      for (const Centre centre : {Centre::None, Centre::Numerator, Centre::Statistic, Centre::Both})
        for (const bool sum : {false, true})
          for (const bool eps_inside : {true, false})
            for (const bool plus_one : {false, true})
              all.push_back({axis, other, keepdim, centre, sum, eps_inside, plus_one});
    }
  return all;
}

std::optional<Steps> steps_with(const Case& c, const kt::Tensor& got, bool Made::*pitfall) {
  return explained_by(searched_steps(c.x.dim()), pitfall, pitfalls_made, [&](const Steps& steps) {
    const kt::Tensor computed = rms_norm_with_steps(c.x, c.weight, c.eps, steps);
    return computed.defined() && kata().matches(c, got, computed);
  });
}

Outcome detect(uint64_t seed, Values values, bool Made::*pitfall, const char* id,
               const std::function<std::string(const Case&, const Steps&)>& message) {
  return run_rms_norm_property(seed, kDetectorCases, [&]() -> std::optional<Failure> {
    const Case c = generate(rows(values));
    return kata().detected<Steps>(
        c, id, [&](const kt::Tensor& got) { return steps_with(c, got, pitfall); }, message);
  });
}

}  // namespace grader::kata_rms_norm
