// expect: pass
// Accepted: the step as plain loops over the values (PyTorch's order), written back with copy_.
#include <cmath>
#include <vector>

#include "adamw.hpp"

namespace kata {

void adamw_step(kt::Tensor& param, const kt::Tensor& grad, AdamWState& state,
                const AdamWConfig& cfg) {
  if (grad.sizes() != param.sizes()) throw kt::ShapeError("adamw_step: grad and param differ");
  const kt::Shape shape = param.sizes();
  std::vector<double> p = param.to(kt::Float64).contiguous().to_vector<double>();
  const std::vector<double> g = grad.to(kt::Float64).contiguous().to_vector<double>();
  std::vector<double> m(p.size(), 0.0), v(p.size(), 0.0);
  if (state.exp_avg.defined()) {
    m = state.exp_avg.to(kt::Float64).contiguous().to_vector<double>();
    v = state.exp_avg_sq.to(kt::Float64).contiguous().to_vector<double>();
  }
  state.step += 1;
  const double bc1 = 1 - std::pow(cfg.beta1, double(state.step));
  const double bc2 = 1 - std::pow(cfg.beta2, double(state.step));
  for (size_t i = 0; i < p.size(); ++i) {
    p[i] *= 1 - cfg.lr * cfg.weight_decay;
    m[i] = cfg.beta1 * m[i] + (1 - cfg.beta1) * g[i];
    v[i] = cfg.beta2 * v[i] + (1 - cfg.beta2) * g[i] * g[i];
    p[i] -= cfg.lr / bc1 * m[i] / (std::sqrt(v[i]) / std::sqrt(bc2) + cfg.eps);
  }
  param.copy_(kt::from_vector(p, shape));
  state.exp_avg = kt::from_vector(m, shape).to(param.dtype());
  state.exp_avg_sq = kt::from_vector(v, shape).to(param.dtype());
}

}  // namespace kata
