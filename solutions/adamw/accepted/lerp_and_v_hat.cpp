// expect: pass
// Accepted: exp_avg moved towards grad as torch's lerp_ does, v_hat formed before its root, and the
// decay written as a separate term: the same step up to rounding.
#include <cmath>

#include "adamw.hpp"

namespace kata {

void adamw_step(kt::Tensor& param, const kt::Tensor& grad, AdamWState& state,
                const AdamWConfig& cfg) {
  if (grad.sizes() != param.sizes())
    throw kt::ShapeError("adamw_step: grad " + kt::shape_str(grad.sizes()) + " vs param " +
                         kt::shape_str(param.sizes()));
  if (!state.exp_avg.defined()) {
    state.exp_avg = kt::zeros_like(param);
    state.exp_avg_sq = kt::zeros_like(param);
  }
  state.step += 1;
  const double t = double(state.step);
  state.exp_avg = state.exp_avg + (grad - state.exp_avg) * (1 - cfg.beta1);
  state.exp_avg_sq = state.exp_avg_sq * cfg.beta2 + kt::pow(grad, 2) * (1 - cfg.beta2);
  const kt::Tensor m_hat = state.exp_avg / (1 - std::pow(cfg.beta1, t));
  const kt::Tensor v_hat = state.exp_avg_sq / (1 - std::pow(cfg.beta2, t));
  const kt::Tensor update = m_hat / (kt::sqrt(v_hat) + cfg.eps);
  param.copy_(param - param * (cfg.lr * cfg.weight_decay) - update * cfg.lr);
}

}  // namespace kata
