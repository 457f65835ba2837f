// expect-pitfalls: no_bias_correction, decay_without_lr
// No corrections, and the decay without lr.
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
  state.exp_avg = state.exp_avg * cfg.beta1 + grad * (1 - cfg.beta1);
  state.exp_avg_sq = state.exp_avg_sq * cfg.beta2 + grad * grad * (1 - cfg.beta2);
  const kt::Tensor update = state.exp_avg / (kt::sqrt(state.exp_avg_sq) + cfg.eps);
  param.copy_(param * (1 - cfg.weight_decay) - update * cfg.lr);
}

}  // namespace kata
