// expect: fail
// expect-diagnosis: decay_of_grad
// The decoupled weight decay shrinks param by lr * weight_decay * grad, not * param.
#include <cmath>

#include "adamw.hpp"

namespace kata {

void adamw_step(kt::Tensor& param, const kt::Tensor& grad, AdamWState& state,
                const AdamWConfig& cfg) {
  if (grad.sizes() != param.sizes())
    throw kt::ShapeError("adamw_step: grad has shape " + kt::shape_str(grad.sizes()) +
                         ", param has " + kt::shape_str(param.sizes()) + "; they must match");
  if (!state.exp_avg.defined()) {
    state.exp_avg = kt::zeros_like(param);
    state.exp_avg_sq = kt::zeros_like(param);
  }
  state.step += 1;
  const double t = double(state.step);
  // Decoupled weight decay: param shrinks on its own, the gradient is left alone.
  const kt::Tensor decayed = param - grad * (cfg.lr * cfg.weight_decay);
  state.exp_avg = state.exp_avg * cfg.beta1 + grad * (1 - cfg.beta1);
  state.exp_avg_sq = state.exp_avg_sq * cfg.beta2 + grad * grad * (1 - cfg.beta2);
  const double bias_correction1 = 1 - std::pow(cfg.beta1, t);
  const double bias_correction2 = 1 - std::pow(cfg.beta2, t);
  const kt::Tensor denom = kt::sqrt(state.exp_avg_sq) / std::sqrt(bias_correction2) + cfg.eps;
  param.copy_(decayed - state.exp_avg / denom * (cfg.lr / bias_correction1));
}

}  // namespace kata
