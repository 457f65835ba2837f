// expect: fail
// Wrong: the right values, but param is rebound to a new tensor (param = ...) instead of
// updated in place: a tensor that shared its storage never sees them. in_place must fail.
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
  const kt::Tensor m_hat = state.exp_avg / (1 - std::pow(cfg.beta1, t));
  const kt::Tensor v_hat = state.exp_avg_sq / (1 - std::pow(cfg.beta2, t));
  param = param * (1 - cfg.lr * cfg.weight_decay) - m_hat / (kt::sqrt(v_hat) + cfg.eps) * cfg.lr;
}

}  // namespace kata
