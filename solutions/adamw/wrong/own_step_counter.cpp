// expect: fail
// expect-diagnosis: depends_on_earlier_calls
// Wrong: counts steps in a static variable of its own instead of state.step, so a second
// parameter, or a state resumed from a checkpoint, is corrected with another parameter's count.
#include <cmath>

#include "adamw.hpp"

namespace kata {

void adamw_step(kt::Tensor& param, const kt::Tensor& grad, AdamWState& state,
                const AdamWConfig& cfg) {
  static int64_t steps_taken = 0;
  if (!state.exp_avg.defined()) {
    state.exp_avg = kt::zeros_like(param);
    state.exp_avg_sq = kt::zeros_like(param);
  }
  const double t = double(++steps_taken);
  state.step = steps_taken;
  state.exp_avg = state.exp_avg * cfg.beta1 + grad * (1 - cfg.beta1);
  state.exp_avg_sq = state.exp_avg_sq * cfg.beta2 + grad * grad * (1 - cfg.beta2);
  const kt::Tensor m_hat = state.exp_avg / (1 - std::pow(cfg.beta1, t));
  const kt::Tensor v_hat = state.exp_avg_sq / (1 - std::pow(cfg.beta2, t));
  param.copy_(param * (1 - cfg.lr * cfg.weight_decay) -
              m_hat / (kt::sqrt(v_hat) + cfg.eps) * cfg.lr);
}

}  // namespace kata
