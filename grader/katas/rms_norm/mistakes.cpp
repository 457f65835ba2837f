#include "grader/katas/rms_norm/mistakes.hpp"

namespace grader::kata_rms_norm {

kt::Tensor rms_norm_with_steps(const kt::Tensor& x_in, const kt::Tensor& weight, double eps,
                               const Steps& steps) {
  const kt::Tensor x = x_in.to(kt::Float64);
  const auto reduce_mean = [&](const kt::Tensor& t, bool keepdim) {
    return norm_family::mean_over(t, steps.axis, steps.other, keepdim);
  };
  // The number of values a mean runs over (a sum is n times it).
  const int64_t n = norm_family::values_per_statistic(x, steps.axis, steps.other);
  try {
    const bool centre_numerator =
        steps.centre == Steps::Centre::Numerator || steps.centre == Steps::Centre::Both;
    const bool centre_statistic =
        steps.centre == Steps::Centre::Statistic || steps.centre == Steps::Centre::Both;
    const kt::Tensor mean = reduce_mean(x, steps.keepdim);
    const kt::Tensor squared = centre_statistic ? kt::pow(x - mean, 2) : x * x;
    kt::Tensor ms = reduce_mean(squared, steps.keepdim);
    if (steps.sum) ms = ms * double(n);
    const kt::Tensor root = steps.eps_inside ? kt::sqrt(ms + eps) : kt::sqrt(ms) + eps;
    const kt::Tensor w =
        steps.weight_plus_one ? weight.to(kt::Float64) + 1.0 : weight.to(kt::Float64);
    return (centre_numerator ? x - mean : x) / root * w;
  } catch (const kt::ShapeError&) {
    return kt::Tensor();
  }
}

Made pitfalls_made(const Steps& steps) {
  return {.mean_subtracted = steps.centre != Steps::Centre::None,
          .eps_outside_sqrt = !steps.eps_inside,
          .sum_not_mean = steps.sum,
          .weight_plus_one = steps.weight_plus_one,
          .normalized_wrong_axis = steps.axis != Steps::Axis::Last};
}

}  // namespace grader::kata_rms_norm
