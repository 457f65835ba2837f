// expect: fail
// Wrong, no named pitfall (written as an unseen suite would, round 50): on a fresh state, exp_avg
// and exp_avg_sq are both set to the same zeros_like tensor, so they share storage and the in-place
// copy_ of the second moment overwrites the first
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
  if (!state.exp_avg.defined()) {
    // Fresh state: both moments start at zero.
    const kt::Tensor zeros = kt::zeros_like(param);
    state.exp_avg = zeros;
    state.exp_avg_sq = zeros;
  }

  state.step += 1;
  const double t = static_cast<double>(state.step);
  const double bias1 = 1.0 - std::pow(cfg.beta1, t);
  const double bias2 = 1.0 - std::pow(cfg.beta2, t);

  // Decoupled weight decay.
  param.copy_(param * (1.0 - cfg.lr * cfg.weight_decay));

  // Moments, updated in place.
  state.exp_avg.copy_(state.exp_avg * cfg.beta1 + grad * (1.0 - cfg.beta1));
  state.exp_avg_sq.copy_(state.exp_avg_sq * cfg.beta2 + grad * grad * (1.0 - cfg.beta2));

  const kt::Tensor m_hat = state.exp_avg / bias1;
  const kt::Tensor v_hat = state.exp_avg_sq / bias2;
  param.copy_(param - m_hat / (kt::sqrt(v_hat) + cfg.eps) * cfg.lr);
}

}  // namespace kata
