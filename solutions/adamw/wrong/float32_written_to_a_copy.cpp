// expect: fail
// Wrong: param's values are updated through param.to(kt::Float64).data<double>(), which is param
// itself only when param is Float64: a Float32 param gets a converted copy, so its update is lost.
#include <cmath>
#include <string>
#include <vector>

#include "adamw.hpp"

namespace kata {

void adamw_step(kt::Tensor& param, const kt::Tensor& grad, AdamWState& state,
                const AdamWConfig& cfg) {
  if (grad.sizes() != param.sizes()) {
    throw kt::ShapeError("adamw_step: grad has shape " + kt::shape_str(grad.sizes()) +
                         " but param has shape " + kt::shape_str(param.sizes()));
  }
  if (!state.exp_avg.defined()) state.exp_avg = kt::zeros_like(param);
  if (!state.exp_avg_sq.defined()) state.exp_avg_sq = kt::zeros_like(param);
  state.step += 1;

  const double t = static_cast<double>(state.step);
  const double bias_correction1 = 1.0 - std::pow(cfg.beta1, t);
  const double bias_correction2 = 1.0 - std::pow(cfg.beta2, t);
  const double step_size = cfg.lr / bias_correction1;
  const double bias_correction2_sqrt = std::sqrt(bias_correction2);
  const double decay = 1.0 - cfg.lr * cfg.weight_decay;

  // Work in float64 on raw values.
  kt::Tensor p64 = param.to(kt::Float64);
  double* p = p64.data<double>();
  const std::vector<double> g = grad.to(kt::Float64).to_vector<double>();
  std::vector<double> m = state.exp_avg.to(kt::Float64).to_vector<double>();
  std::vector<double> v = state.exp_avg_sq.to(kt::Float64).to_vector<double>();

  const int64_t n = param.numel();
  for (int64_t i = 0; i < n; ++i) {
    p[i] *= decay;
    m[i] = cfg.beta1 * m[i] + (1.0 - cfg.beta1) * g[i];
    v[i] = cfg.beta2 * v[i] + (1.0 - cfg.beta2) * g[i] * g[i];
    const double denom = std::sqrt(v[i]) / bias_correction2_sqrt + cfg.eps;
    p[i] -= step_size * (m[i] / denom);
  }

  state.exp_avg = kt::from_vector(m, param.sizes()).to(param.dtype());
  state.exp_avg_sq = kt::from_vector(v, param.sizes()).to(param.dtype());
}

}  // namespace kata
