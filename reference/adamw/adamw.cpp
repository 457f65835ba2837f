#include "reference/adamw/adamw.hpp"

#include <cmath>
#include <vector>

namespace ref {
namespace {

std::vector<double> values_or_zeros(const kt::Tensor& t, size_t n) {
  if (!t.defined()) return std::vector<double>(n, 0.0);
  return t.to(kt::Float64).contiguous().to_vector<double>();
}

}  // namespace

AdamWResult adamw_step(const kt::Tensor& param, const kt::Tensor& grad, const kt::Tensor& exp_avg,
                       const kt::Tensor& exp_avg_sq, int64_t step, const AdamWConfig& cfg) {
  std::vector<double> p = param.to(kt::Float64).contiguous().to_vector<double>();
  const std::vector<double> g = grad.to(kt::Float64).contiguous().to_vector<double>();
  std::vector<double> m = values_or_zeros(exp_avg, p.size());
  std::vector<double> v = values_or_zeros(exp_avg_sq, p.size());
  const int64_t t = step + 1;
  // As torch/optim/adamw.py's _single_tensor_adamw (PyTorch 1.13, a step count that is not a
  // CUDA graph's tensor): the scalars in double, then per element in its order.
  const double bias_correction1 = 1 - std::pow(cfg.beta1, double(t));
  const double bias_correction2 = 1 - std::pow(cfg.beta2, double(t));
  const double step_size = cfg.lr / bias_correction1;
  const double bias_correction2_sqrt = std::sqrt(bias_correction2);
  for (size_t i = 0; i < p.size(); ++i) {
    p[i] *= 1 - cfg.lr * cfg.weight_decay;
    m[i] = m[i] * cfg.beta1 + g[i] * (1 - cfg.beta1);
    v[i] = v[i] * cfg.beta2 + g[i] * g[i] * (1 - cfg.beta2);
    const double denom = std::sqrt(v[i]) / bias_correction2_sqrt + cfg.eps;
    p[i] += -step_size * (m[i] / denom);
  }
  return {kt::from_vector(p, param.sizes()), kt::from_vector(m, param.sizes()),
          kt::from_vector(v, param.sizes()), t};
}

}  // namespace ref
