// expect: fail
// Wrong, no named pitfall (written blind, round 52): param = decayed - update rebinds the handle
// instead of writing into param's storage: a tensor sharing it never sees the step.
#include "adamw.hpp"

#include <cmath>

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

  state.exp_avg = state.exp_avg * cfg.beta1 + grad * (1.0 - cfg.beta1);
  state.exp_avg_sq = state.exp_avg_sq * cfg.beta2 + grad * grad * (1.0 - cfg.beta2);

  const double bias_correction1 = 1.0 - std::pow(cfg.beta1, t);
  const double bias_correction2 = 1.0 - std::pow(cfg.beta2, t);
  const double step_size = cfg.lr / bias_correction1;
  const kt::Tensor denom = kt::sqrt(state.exp_avg_sq) / std::sqrt(bias_correction2) + cfg.eps;

  const kt::Tensor decayed = param * (1.0 - cfg.lr * cfg.weight_decay);
  param = decayed - state.exp_avg / denom * step_size;
}

}  // namespace kata
