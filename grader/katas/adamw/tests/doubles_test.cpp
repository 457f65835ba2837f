// Every pitfall of the adamw kata alone, and every two together, are named exactly (Note [every
// double named exactly] in grader/tests/doubles/doubles.hpp): the learner's kata::adamw_step,
// written with kt's ops as a learner writes it (solutions/adamw/worked.cpp), each pitfall a slip as
// the test bed's known-bad files make it. Kept apart from the grader's simulation of the mistakes
// (grader/katas/adamw/mistakes.hpp) on purpose: it is the learner's code.
#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "adamw.hpp"
#include "grader/tests/doubles/check.hpp"

namespace {

doubles::Names on;  // the slips now on

bool slip(const char* id) { return on.count(id) != 0; }

/// Whether no_bias_correction leaves out the second moment's correction only (else both).
bool only_second_uncorrected = false;

}  // namespace

namespace kata {

void adamw_step(kt::Tensor& param, const kt::Tensor& grad, AdamWState& state,
                const AdamWConfig& cfg) {
  if (!state.exp_avg.defined()) {
    state.exp_avg = kt::zeros_like(param);
    state.exp_avg_sq = kt::zeros_like(param);
  }
  const int64_t before = state.step;
  state.step += 1;
  const double t = double(slip("bias_correction_wrong_step") ? before : state.step);
  kt::Tensor g = grad;
  kt::Tensor p = param;
  if (slip("l2_instead_of_decoupled"))
    g = grad + param * cfg.weight_decay;
  else
    p = param * (1 - (slip("decay_without_lr") ? 1.0 : cfg.lr) * cfg.weight_decay);
  state.exp_avg = state.exp_avg * cfg.beta1 + g * (1 - cfg.beta1);
  state.exp_avg_sq = state.exp_avg_sq * cfg.beta2 + g * g * (1 - cfg.beta2);
  const bool uncorrected = slip("no_bias_correction");
  const double bc1 = uncorrected && !only_second_uncorrected ? 1.0 : 1 - std::pow(cfg.beta1, t);
  const double bc2 = uncorrected ? 1.0 : 1 - std::pow(cfg.beta2, t);
  const kt::Tensor m_hat = state.exp_avg / bc1;
  const kt::Tensor v_hat = state.exp_avg_sq / bc2;
  const kt::Tensor denom =
      slip("eps_inside_sqrt") ? kt::sqrt(v_hat + cfg.eps) : kt::sqrt(v_hat) + cfg.eps;
  param.copy_(p - m_hat / denom * cfg.lr);
}

}  // namespace kata

namespace {

/// The pairs of slips that bear on each other in this learner. With exp_avg still corrected, a
/// correction one step behind is made beside no_bias_correction: both are named.
std::vector<doubles::Pair> pairs() {
  using doubles::Relation;
  std::vector<doubles::Pair> p = {
      {"l2_instead_of_decoupled", "decay_without_lr", Relation::Absorbs,
       "with the decay in the gradient there is no decoupled decay to leave lr out of"}};
  if (!only_second_uncorrected)
    p.push_back({"no_bias_correction", "bias_correction_wrong_step", Relation::Absorbs,
                 "with no correction there is no step count to read too early"});
  return p;
}

}  // namespace

TEST_CASE("adamw: no pitfall, every pitfall alone and every two together are named exactly",
          "[doubles]") {
  const doubles::Kata kata{[](const doubles::Names& slips) { on = slips; }, pairs()};
  doubles::check_named_exactly(kata);
}

TEST_CASE("adamw: the same with only the second moment left uncorrected", "[doubles]") {
  only_second_uncorrected = true;
  const doubles::Kata kata{[](const doubles::Names& slips) { on = slips; }, pairs()};
  doubles::check_named_exactly(kata, "only exp_avg_sq uncorrected");
  only_second_uncorrected = false;
}
