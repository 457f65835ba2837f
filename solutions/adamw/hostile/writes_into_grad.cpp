// expect: fail
// Right values, but uses grad's storage as its scratch buffer once it has read it (through a copy
// of the handle, which shares it): the caller's gradient is changed. inputs_unchanged must fail,
// and only it.
#include <cmath>

#include "adamw.hpp"

namespace kata {

void adamw_step(kt::Tensor& param, const kt::Tensor& grad, AdamWState& state,
                const AdamWConfig& cfg) {
  if (!state.exp_avg.defined()) {
    state.exp_avg = kt::zeros_like(param);
    state.exp_avg_sq = kt::zeros_like(param);
  }
  state.step += 1;
  const double t = double(state.step);
  state.exp_avg = state.exp_avg * cfg.beta1 + grad * (1 - cfg.beta1);
  kt::Tensor scratch = grad;
  scratch.copy_(grad * grad);  // grad^2, written over the gradient
  state.exp_avg_sq = state.exp_avg_sq * cfg.beta2 + scratch * (1 - cfg.beta2);
  const kt::Tensor denom = kt::sqrt(state.exp_avg_sq / (1 - std::pow(cfg.beta2, t))) + cfg.eps;
  const kt::Tensor m_hat = state.exp_avg / (1 - std::pow(cfg.beta1, t));
  param.copy_(param * (1 - cfg.lr * cfg.weight_decay) - m_hat / denom * cfg.lr);
}

}  // namespace kata
