#include "grader/katas/adamw/mistakes.hpp"

#include <cmath>

#include "grader/katas/adamw/cases.hpp"

namespace grader::kata_adamw {
namespace {

std::vector<double> values_of(const kt::Tensor& t, size_t n) {
  if (!t.defined()) return std::vector<double>(n, 0.0);
  return t.to(kt::Float64).contiguous().to_vector<double>();
}

}  // namespace

ref::AdamWResult adamw_with_steps(const Case& c, const Steps& s) {
  using Decay = Steps::Decay;
  const ref::AdamWConfig& k = c.cfg;
  std::vector<double> p = values_of(c.param, size_t(c.param.numel()));
  std::vector<double> m = values_of(c.exp_avg, p.size()), v = values_of(c.exp_avg_sq, p.size());
  int64_t step = c.step;
  const bool decoupled = s.decay == Decay::Decoupled || s.decay == Decay::Both;
  const bool l2 = s.decay == Decay::L2 || s.decay == Decay::Both;
  const double decay = 1 - (s.decay_times_lr ? k.lr * k.weight_decay : k.weight_decay);
  const double b1 = s.betas_swapped ? k.beta2 : k.beta1, b2 = s.betas_swapped ? k.beta1 : k.beta2;
  bool fresh = !c.exp_avg.defined();
  for (const kt::Tensor& grad : c.grads) {
    const std::vector<double> g0 = values_of(grad, p.size());
    if (s.state_not_kept) m.assign(p.size(), 0.0), v.assign(p.size(), 0.0);
    // Moments made from the first gradient where they are undefined (then updated as usual).
    const bool start_at_grad = s.moments_start_at_grad && fresh;
    fresh = false;
    // Never incremented: the corrections use step + 1 on every call, and state keeps its count.
    const int64_t now = s.step_not_incremented ? step + 1 : ++step;
    const double t = double(s.correction_step_behind ? now - 1 : now);
    const double bc1 = s.correct_m ? 1 - std::pow(b1, t) : 1.0;
    const double bc2 = s.correct_v ? 1 - std::pow(b2, t) : 1.0;
    for (size_t i = 0; i < p.size(); ++i) {
      const double g = l2 ? g0[i] + k.weight_decay * p[i] : g0[i];
      if (decoupled && !s.decay_after_update) p[i] *= decay;
      if (s.decay == Decay::OfGrad) p[i] -= (1 - decay) * g0[i];
      const double g2 = s.second_moment_of_abs ? std::abs(g) : g * g;
      if (start_at_grad) m[i] = g, v[i] = g2;
      if (s.moment_weights_swapped) {
        m[i] = (1 - b1) * m[i] + b1 * g;
        v[i] = (1 - b2) * v[i] + b2 * g2;
      } else {
        m[i] = b1 * m[i] + (1 - b1) * g;
        v[i] = b2 * v[i] + (1 - b2) * (s.second_moment_of_m ? m[i] * m[i] : g2);
      }
      const double top = s.momentum_ignored ? g : m[i];
      double update = 0;
      if (s.eps_on_uncorrected) {
        update = k.lr * std::sqrt(bc2) / (s.momentum_ignored ? 1.0 : bc1) * top /
                 (std::sqrt(v[i]) + k.eps);
      } else {
        // (Divided by bc2 outside the root: as if v_hat were v / bc2².)
        const double v_hat = s.correction_without_root ? v[i] / (bc2 * bc2) : v[i] / bc2;
        double denom = 0;
        if (s.eps_inside_sqrt)
          denom = s.no_sqrt ? v_hat + k.eps : std::sqrt(v_hat + k.eps);
        else
          denom = (s.no_sqrt ? v_hat : std::sqrt(v_hat)) + k.eps;
        const double c1 = s.first_correction_rooted ? std::sqrt(bc1) : bc1;
        update = k.lr * (s.momentum_ignored ? top : top / c1) / denom;
      }
      p[i] = s.ascent ? p[i] + update : p[i] - update;
      if (decoupled && s.decay_after_update) p[i] *= decay;
    }
  }
  const kt::Shape& shape = c.param.sizes();
  return {kt::from_vector(p, shape), kt::from_vector(m, shape), kt::from_vector(v, shape), step};
}

Made pitfalls_made(const Steps& s) {
  const bool decoupled = s.decay == Steps::Decay::Decoupled || s.decay == Steps::Decay::Both;
  const bool corrected = s.correct_m || s.correct_v;
  return {.l2_instead_of_decoupled = s.decay == Steps::Decay::L2,
          .no_bias_correction = !s.correct_m || !s.correct_v,
          .eps_inside_sqrt = s.eps_inside_sqrt,
          .decay_without_lr = decoupled && !s.decay_times_lr,
          .bias_correction_wrong_step = corrected && s.correction_step_behind};
}

}  // namespace grader::kata_adamw
