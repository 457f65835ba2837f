// expect: fail
// expect-diagnosis: state_not_kept
// Wrong: the moments are local and start from zero on every call; state only counts steps.
#include <cmath>

#include "adamw.hpp"

namespace kata {

void adamw_step(kt::Tensor& param, const kt::Tensor& grad, AdamWState& state,
                const AdamWConfig& cfg) {
  state.step += 1;
  const double t = double(state.step);
  const kt::Tensor m = grad * (1 - cfg.beta1);
  const kt::Tensor v = grad * grad * (1 - cfg.beta2);
  state.exp_avg = m;
  state.exp_avg_sq = v;
  const kt::Tensor m_hat = m / (1 - std::pow(cfg.beta1, t));
  const kt::Tensor v_hat = v / (1 - std::pow(cfg.beta2, t));
  param.copy_(param * (1 - cfg.lr * cfg.weight_decay) -
              m_hat / (kt::sqrt(v_hat) + cfg.eps) * cfg.lr);
}

}  // namespace kata
