// expect: fail
// Wrong: param right in both dtypes, but the moments are kept in Float64 for a Float32 param
// (torch keeps them in param's dtype). state_updated must fail.
#include <cmath>

#include "adamw.hpp"

namespace kata {

void adamw_step(kt::Tensor& param, const kt::Tensor& grad, AdamWState& state,
                const AdamWConfig& cfg) {
  const kt::Tensor p = param.to(kt::Float64), g = grad.to(kt::Float64);
  if (!state.exp_avg.defined()) {
    state.exp_avg = kt::zeros_like(p);
    state.exp_avg_sq = kt::zeros_like(p);
  }
  state.step += 1;
  const double t = double(state.step);
  state.exp_avg = state.exp_avg.to(kt::Float64) * cfg.beta1 + g * (1 - cfg.beta1);
  state.exp_avg_sq = state.exp_avg_sq.to(kt::Float64) * cfg.beta2 + g * g * (1 - cfg.beta2);
  const kt::Tensor m_hat = state.exp_avg / (1 - std::pow(cfg.beta1, t));
  const kt::Tensor v_hat = state.exp_avg_sq / (1 - std::pow(cfg.beta2, t));
  param.copy_(p * (1 - cfg.lr * cfg.weight_decay) - m_hat / (kt::sqrt(v_hat) + cfg.eps) * cfg.lr);
}

}  // namespace kata
