// expect: pass
// Accepted: every step computed in Float64 whatever param's dtype, the moments stored back in
// param's dtype (as torch keeps them), param written through copy_ (which converts).
#include <cmath>

#include "adamw.hpp"

namespace kata {

void adamw_step(kt::Tensor& param, const kt::Tensor& grad, AdamWState& state,
                const AdamWConfig& cfg) {
  if (grad.sizes() != param.sizes())
    throw kt::ShapeError("adamw_step: grad's shape is not param's");
  const kt::Tensor p = param.to(kt::Float64), g = grad.to(kt::Float64);
  const kt::Tensor m0 = state.exp_avg.defined() ? state.exp_avg.to(kt::Float64) : kt::zeros_like(p);
  const kt::Tensor v0 =
      state.exp_avg_sq.defined() ? state.exp_avg_sq.to(kt::Float64) : kt::zeros_like(p);
  const int64_t step = state.step + 1;
  const kt::Tensor m = m0 * cfg.beta1 + g * (1 - cfg.beta1);
  const kt::Tensor v = v0 * cfg.beta2 + g * g * (1 - cfg.beta2);
  const double step_size = cfg.lr / (1 - std::pow(cfg.beta1, double(step)));
  const double root_bc2 = std::sqrt(1 - std::pow(cfg.beta2, double(step)));
  param.copy_(p * (1 - cfg.lr * cfg.weight_decay) -
              m / (kt::sqrt(v) / root_bc2 + cfg.eps) * step_size);
  state.exp_avg = m.to(param.dtype());
  state.exp_avg_sq = v.to(param.dtype());
  state.step = step;
}

}  // namespace kata
