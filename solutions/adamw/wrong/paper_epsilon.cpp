// expect: fail
// expect-diagnosis: eps_on_uncorrected_root
// Wrong for this kata: Adam's paper's efficient form, eps added to the uncorrected root; it
// differs from torch.optim.AdamW where the gradients are small.
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
  state.exp_avg_sq = state.exp_avg_sq * cfg.beta2 + grad * grad * (1 - cfg.beta2);
  const double alpha =
      cfg.lr * std::sqrt(1 - std::pow(cfg.beta2, t)) / (1 - std::pow(cfg.beta1, t));
  param.copy_(param * (1 - cfg.lr * cfg.weight_decay) -
              state.exp_avg / (kt::sqrt(state.exp_avg_sq) + cfg.eps) * alpha);
}

}  // namespace kata
