#include "grader/katas/rms_norm/detect.hpp"

#include <utility>

namespace grader::kata_rms_norm {

std::vector<Steps> searched_steps(int64_t rank) {
  using Axis = Steps::Axis;
  using Centre = Steps::Centre;
  std::vector<std::pair<Axis, int64_t>> overs = {{Axis::Last, 0}, {Axis::All, 0}};
  for (int64_t a = 0; a + 1 < rank; ++a) overs.emplace_back(Axis::Other, a);
  if (rank >= 3) overs.emplace_back(Axis::LastTwo, 0);  // on rank 2 it is everything
  std::vector<Steps> all;
  for (const auto& [axis, other] : overs)
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
  std::optional<Steps> with;
  for (const Steps& steps : searched_steps(c.x.dim())) {
    const kt::Tensor computed = rms_norm_with_steps(c.x, c.weight, c.eps, steps);
    if (!computed.defined() || !matches(c, got, computed)) continue;
    if (!(pitfalls_made(steps).*pitfall)) return std::nullopt;  // explained without it
    if (!with) with = steps;
  }
  return with;
}

Outcome detect(uint64_t seed, Values values, bool Made::*pitfall, const char* id,
               const std::function<std::string(const Case&, const Steps&)>& message) {
  return run_rms_norm_property(seed, kDetectorCases, [&]() -> std::optional<Failure> {
    const Case c = generate(rows(values));
    const Run run = run_learner(c);
    if (auto stopped = kata().cannot_check(c, run, id)) return stopped;
    const kt::Tensor expected = run_reference(c);
    if (matches(c, run.out, expected)) return std::nullopt;
    const auto steps = steps_with(c, run.out, pitfall);
    if (!steps) return std::nullopt;
    Failure f = kata().failure(c, run.out, expected, message(c, *steps));
    f.pitfall = id;
    return f;
  });
}

}  // namespace grader::kata_rms_norm
