// expect: pass
// Accepted: the bias corrections are folded into the step as the paper's efficient form does, but
// with eps rescaled to eps·sqrt(1 - beta2^t), which makes it algebraically PyTorch's update:
// lr·sqrt(bc2)/bc1 · m / (sqrt(v) + eps·sqrt(bc2)).
#include <cmath>
#include <string>

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
  const double sqrt_bias_correction2 = std::sqrt(1.0 - std::pow(cfg.beta2, t));

  // The moments see the raw gradient (decoupled decay).
  state.exp_avg = state.exp_avg * cfg.beta1 + grad * (1.0 - cfg.beta1);
  state.exp_avg_sq = state.exp_avg_sq * cfg.beta2 + grad * grad * (1.0 - cfg.beta2);

  // lr/bc1 · m / (sqrt(v)/sqrt(bc2) + eps), numerator and denominator multiplied by sqrt(bc2).
  const double alpha = cfg.lr * sqrt_bias_correction2 / bias_correction1;
  const double eps_hat = cfg.eps * sqrt_bias_correction2;
  const kt::Tensor update = state.exp_avg / (kt::sqrt(state.exp_avg_sq) + eps_hat) * alpha;

  // Decay first, then the update; written into param's own storage.
  param.copy_(param * (1.0 - cfg.lr * cfg.weight_decay) - update);
}

}  // namespace kata
