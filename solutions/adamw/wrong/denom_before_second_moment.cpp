// expect: fail
// Wrong, no named pitfall (written as an unseen suite would, round 50): wrong order: the
// denominator sqrt(v̂) + eps is computed from exp_avg_sq before this step's gradient is added to it
// (the old second moment)
// One step of torch.optim.AdamW.
#include "adamw.hpp"

#include <cmath>

namespace kata {

void adamw_step(kt::Tensor& param, const kt::Tensor& grad, AdamWState& state,
                const AdamWConfig& cfg) {
  if (grad.sizes() != param.sizes()) {
    throw kt::ShapeError("adamw_step: grad must have param's shape " +
                         kt::shape_str(param.sizes()) + ", got " + kt::shape_str(grad.sizes()));
  }
  if (!state.exp_avg.defined()) state.exp_avg = kt::zeros_like(param);
  if (!state.exp_avg_sq.defined()) state.exp_avg_sq = kt::zeros_like(param);

  state.step += 1;
  const double t = static_cast<double>(state.step);
  const double bias1 = 1.0 - std::pow(cfg.beta1, t);
  const double bias2 = 1.0 - std::pow(cfg.beta2, t);

  // Decoupled weight decay.
  param.copy_(param * (1.0 - cfg.lr * cfg.weight_decay));

  // First moment and the bias-corrected numerator.
  state.exp_avg.copy_(state.exp_avg * cfg.beta1 + grad * (1.0 - cfg.beta1));
  const kt::Tensor m_hat = state.exp_avg / bias1;

  // Denominator from the bias-corrected second moment.
  const kt::Tensor denom = kt::sqrt(state.exp_avg_sq / bias2) + cfg.eps;
  state.exp_avg_sq.copy_(state.exp_avg_sq * cfg.beta2 + grad * grad * (1.0 - cfg.beta2));

  param.copy_(param - m_hat / denom * cfg.lr);
}

}  // namespace kata
