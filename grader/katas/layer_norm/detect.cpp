#include "grader/katas/layer_norm/detect.hpp"

namespace grader::kata_layer_norm {

std::vector<Steps> searched_steps(int64_t rank) {
  using Axis = Steps::Axis;
  using Variance = Steps::Variance;
  // Where the statistics run: the last axis, each other one, everything, the last two.
  std::vector<std::pair<Axis, int64_t>> overs = {{Axis::Last, 0}, {Axis::All, 0}};
  for (int64_t a = 0; a + 1 < rank; ++a) overs.emplace_back(Axis::Other, a);
  if (rank >= 3) overs.emplace_back(Axis::LastTwo, 0);  // on rank 2 it is everything
  std::vector<Steps> all;
  for (const auto& [axis, other] : overs)
    for (const bool mean_keepdim : {true, false})
      for (const bool var_keepdim : {true, false}) {
        // Only along the last axis is a statistic without keepdim searched (elsewhere it is the
        // same as with it, or it throws, or no pitfall names it).
        if (axis != Axis::Last && (!mean_keepdim || !var_keepdim)) continue;
        for (const Variance variance : {Variance::Biased, Variance::Unbiased, Variance::Uncentered})
          for (const bool eps_inside : {true, false})
            for (const bool own : {false, true}) {
              // Its own centring differs only from a mean without keepdim, for a centred variance.
              if (own && (mean_keepdim || variance == Variance::Uncentered)) continue;
              all.push_back({axis, other, mean_keepdim, var_keepdim, variance, eps_inside, own});
            }
      }
  return all;
}

std::optional<Steps> steps_with(const Case& c, const kt::Tensor& got, bool Made::*pitfall) {
  std::optional<Steps> with;
  for (const Steps& steps : searched_steps(c.x.dim())) {
    const kt::Tensor computed = layer_norm_with_steps(c.x, c.weight, c.bias, c.eps, steps);
    if (!computed.defined() || !matches(c, got, computed)) continue;
    if (!(pitfalls_made(steps, c.x.dim()).*pitfall)) return std::nullopt;  // explained without it
    if (!with) with = steps;
  }
  return with;
}

Outcome detect(uint64_t seed, const Spec& spec, bool Made::*pitfall, const char* id,
               const std::function<std::string(const Case&, const Steps&)>& message) {
  return run_layer_norm_property(seed, kDetectorCases, [&]() -> std::optional<Failure> {
    const Case c = generate(spec);
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

}  // namespace grader::kata_layer_norm
