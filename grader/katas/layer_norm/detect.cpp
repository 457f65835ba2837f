#include "grader/katas/layer_norm/detect.hpp"

#include "grader/lib/searched.hpp"

namespace grader::kata_layer_norm {

std::vector<Steps> searched_steps(int64_t rank) {
  using Axis = Steps::Axis;
  using Variance = Steps::Variance;
  // Where the statistics run: the last axis, each other one, everything, the last two.
  std::vector<Steps> all;
  for (const auto& [axis, other] : norm_family::searched_axes(rank))
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
  const auto made = [&](const Steps& steps) { return pitfalls_made(steps, c.x.dim()); };
  return explained_by(searched_steps(c.x.dim()), pitfall, made, [&](const Steps& steps) {
    const kt::Tensor computed = layer_norm_with_steps(c.x, c.weight, c.bias, c.eps, steps);
    return computed.defined() && kata().matches(c, got, computed);
  });
}

Outcome detect(uint64_t seed, const Spec& spec, bool Made::*pitfall, const char* id,
               const std::function<std::string(const Case&, const Steps&)>& message) {
  return run_layer_norm_property(seed, kDetectorCases, [&]() -> std::optional<Failure> {
    const Case c = generate(spec);
    return kata().detected<Steps>(
        c, id, [&](const kt::Tensor& got) { return steps_with(c, got, pitfall); }, message);
  });
}

}  // namespace grader::kata_layer_norm
