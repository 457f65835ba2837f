// expect: pass
// Accepted: the moments created once and then updated in place with copy_, as torch.optim keeps
// its state buffers; the corrections folded into one step size, as PyTorch does.
#include <cmath>

#include "adamw.hpp"

namespace kata {

void adamw_step(kt::Tensor& param, const kt::Tensor& grad, AdamWState& state,
                const AdamWConfig& cfg) {
  if (grad.sizes() != param.sizes())
    throw kt::ShapeError("adamw_step: grad's shape is not param's");
  if (!state.exp_avg.defined()) {
    state.exp_avg = kt::zeros(param.sizes(), param.dtype());
    state.exp_avg_sq = kt::zeros(param.sizes(), param.dtype());
  }
  ++state.step;
  param.copy_(param * (1 - cfg.lr * cfg.weight_decay));
  state.exp_avg.copy_(state.exp_avg * cfg.beta1 + grad * (1 - cfg.beta1));
  state.exp_avg_sq.copy_(state.exp_avg_sq * cfg.beta2 + grad * grad * (1 - cfg.beta2));
  const double bc1 = 1 - std::pow(cfg.beta1, double(state.step));
  const double bc2 = 1 - std::pow(cfg.beta2, double(state.step));
  const kt::Tensor denom = kt::sqrt(state.exp_avg_sq) / std::sqrt(bc2) + cfg.eps;
  param.copy_(param - state.exp_avg / denom * (cfg.lr / bc1));
}

}  // namespace kata
