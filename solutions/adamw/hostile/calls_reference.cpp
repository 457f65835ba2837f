// expect: error
// Cheats: calls the grader's reference implementation. The build must refuse it by name.
#include "../../../reference/adamw/adamw.hpp"  // found by a relative path, as a cheater would
#include "adamw.hpp"

namespace kata {

void adamw_step(kt::Tensor& param, const kt::Tensor& grad, AdamWState& state,
                const AdamWConfig& cfg) {
  const ref::AdamWResult r =
      ref::adamw_step(param, grad, state.exp_avg, state.exp_avg_sq, state.step,
                      {cfg.lr, cfg.beta1, cfg.beta2, cfg.eps, cfg.weight_decay});
  param.copy_(r.param);
  state.exp_avg = r.exp_avg.to(param.dtype());
  state.exp_avg_sq = r.exp_avg_sq.to(param.dtype());
  state.step = r.step;
}

}  // namespace kata
