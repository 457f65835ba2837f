#include "grader/katas/layer_norm/mistakes.hpp"

namespace grader::kata_layer_norm {

kt::Tensor layer_norm_with_steps(const kt::Tensor& x_in, const kt::Tensor& weight,
                                 const kt::Tensor& bias, double eps, const Steps& steps) {
  const kt::Tensor x = x_in.to(kt::Float64);
  const auto reduce_mean = [&](const kt::Tensor& t, bool keepdim) {
    return norm_family::mean_over(t, steps.axis, steps.other, keepdim);
  };
  // The number of values each statistic is taken over, for the unbiased variance.
  const int64_t n = norm_family::values_per_statistic(x, steps.axis, steps.other);
  try {
    const kt::Tensor mean = reduce_mean(x, steps.mean_keepdim);
    const kt::Tensor centred = x - (steps.var_centres_itself ? reduce_mean(x, true) : mean);
    kt::Tensor var;
    switch (steps.variance) {
      case Steps::Variance::Biased:
        var = reduce_mean(kt::pow(centred, 2), steps.var_keepdim);
        break;
      case Steps::Variance::Unbiased:
        var = reduce_mean(kt::pow(centred, 2), steps.var_keepdim) * (double(n) / double(n - 1));
        break;
      case Steps::Variance::Uncentered:
        var = reduce_mean(x * x, steps.var_keepdim);
        break;
    }
    const kt::Tensor denominator = steps.eps_inside ? kt::sqrt(var + eps) : kt::sqrt(var) + eps;
    return (x - mean) / denominator * weight.to(kt::Float64) + bias.to(kt::Float64);
  } catch (const kt::ShapeError&) {
    return kt::Tensor();
  }
}

Made pitfalls_made(const Steps& steps, int64_t rank) {
  const bool along_last = steps.axis == Steps::Axis::Last;
  return {.normalized_wrong_axis = !along_last,
          .stats_without_keepdim =
              along_last && rank >= 2 && (!steps.mean_keepdim || !steps.var_keepdim),
          .unbiased_variance = steps.variance == Steps::Variance::Unbiased,
          .variance_not_centered = steps.variance == Steps::Variance::Uncentered,
          .eps_outside_sqrt = !steps.eps_inside};
}

}  // namespace grader::kata_layer_norm
