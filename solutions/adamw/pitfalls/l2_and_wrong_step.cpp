// expect-pitfalls: l2_instead_of_decoupled, bias_correction_wrong_step
// Adam with L2, its corrections read from the count before this step.
#include <cmath>

#include "adamw.hpp"

namespace kata {

void adamw_step(kt::Tensor& param, const kt::Tensor& grad, AdamWState& state,
                const AdamWConfig& cfg) {
  if (!state.exp_avg.defined()) {
    state.exp_avg = kt::zeros_like(param);
    state.exp_avg_sq = kt::zeros_like(param);
  }
  const double corrections_step = double(state.step);
  state.step = state.step + 1;
  const kt::Tensor g = grad + param * cfg.weight_decay;
  state.exp_avg = state.exp_avg * cfg.beta1 + g * (1 - cfg.beta1);
  state.exp_avg_sq = state.exp_avg_sq * cfg.beta2 + g * g * (1 - cfg.beta2);
  const double bc1 = 1 - std::pow(cfg.beta1, corrections_step);
  const double bc2 = 1 - std::pow(cfg.beta2, corrections_step);
  param.copy_(param - state.exp_avg / bc1 / (kt::sqrt(state.exp_avg_sq / bc2) + cfg.eps) * cfg.lr);
}

}  // namespace kata
