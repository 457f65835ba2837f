// expect-pitfalls: bias_correction_wrong_step, eps_inside_sqrt
// The corrections one step behind, and eps under the root.
#include <cmath>

#include "adamw.hpp"

namespace kata {

void adamw_step(kt::Tensor& param, const kt::Tensor& grad, AdamWState& state,
                const AdamWConfig& cfg) {
  if (!state.exp_avg.defined()) {
    state.exp_avg = kt::zeros_like(param);
    state.exp_avg_sq = kt::zeros_like(param);
  }
  const int64_t t = state.step++;
  const kt::Tensor decayed = param * (1 - cfg.lr * cfg.weight_decay);
  state.exp_avg = state.exp_avg * cfg.beta1 + grad * (1 - cfg.beta1);
  state.exp_avg_sq = state.exp_avg_sq * cfg.beta2 + grad * grad * (1 - cfg.beta2);
  const kt::Tensor m_hat = state.exp_avg / (1 - std::pow(cfg.beta1, double(t)));
  const kt::Tensor v_hat = state.exp_avg_sq / (1 - std::pow(cfg.beta2, double(t)));
  param.copy_(decayed - m_hat / kt::sqrt(v_hat + cfg.eps) * cfg.lr);
}

}  // namespace kata
