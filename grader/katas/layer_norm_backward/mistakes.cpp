#include "grader/katas/layer_norm_backward/mistakes.hpp"

namespace grader::kata_layer_norm_backward {

std::pair<kt::Tensor, kt::Tensor> normalised(const Case& c) {
  const kt::Tensor centred = c.x - kt::mean(c.x, -1, true);
  const kt::Tensor sigma = kt::sqrt(kt::mean(centred * centred, -1, true) + c.eps);
  return {centred / sigma, sigma};
}

namespace {

kt::Tensor summed(const kt::Tensor& t, Steps::Sum sum) {
  switch (sum) {
    case Steps::Sum::Dim0:
      return kt::sum(t, 0);
    case Steps::Sum::Last:
      return kt::sum(t, -1);
    case Steps::Sum::Rows:
      break;
  }
  return kt::sum(t.reshape({-1, t.size(-1)}), 0);
}

}  // namespace

kt::Tensor dx_with_steps(const Case& c, const Steps& steps) {
  const auto [xhat, sigma] = normalised(c);
  const kt::Tensor g = steps.weight_in_dx ? c.dout * c.weight : c.dout;
  kt::Tensor num = g;
  if (steps.mean_term) num = num - kt::mean(g, -1, true);
  if (steps.xhat_term) num = num - xhat * kt::mean(g * xhat, -1, true);
  return num / sigma;
}

kt::Tensor dweight_with_steps(const Case& c, const Steps& steps) {
  const kt::Tensor xhat = normalised(c).first;
  return summed(steps.dweight_xhat ? c.dout * xhat : c.dout, steps.param_sum);
}

kt::Tensor dbias_with_steps(const Case& c, const Steps& steps) {
  return summed(c.dout, steps.param_sum);
}

Grads grads_with_steps(const Case& c, const Steps& steps) {
  return {dx_with_steps(c, steps), dweight_with_steps(c, steps), dbias_with_steps(c, steps)};
}

}  // namespace grader::kata_layer_norm_backward
