#include "grader/katas/adamw/catalogue.hpp"

#include <cmath>
#include <sstream>
#include <utility>

#include "grader/katas/adamw/mistakes.hpp"

namespace grader::kata_adamw {
namespace {

kt::Tensor with(const Case& c, const Steps& steps) { return adamw_with_steps(c, steps).param; }

}  // namespace

std::vector<Entry> catalogue() {
  using Decay = Steps::Decay;
  std::vector<Entry> entries;
  const auto add = entry_adder<Steps>(entries, with);
  // Weight decay.
  add("l2_instead_of_decoupled",
      "Adam with L2 regularisation: weight_decay * param added to the gradient, no decoupled decay",
      "Leave the gradient alone and multiply param by 1 - lr * weight_decay.",
      {.decay = Decay::L2});
  add("decay_twice", "AdamW with weight_decay * param also added to the gradient (L2 as well)",
      "Decay only once: param * (1 - lr * weight_decay), the gradient left as it is.",
      {.decay = Decay::Both});
  add("weight_decay_ignored", "Adam with no weight decay at all (weight_decay never read)",
      "Multiply param by 1 - lr * weight_decay before the update.", {.decay = Decay::None});
  add("decay_without_lr", "AdamW with param decayed by 1 - weight_decay (lr left out)",
      "Decay by 1 - lr * weight_decay.", {.decay_times_lr = false});
  add("decay_after_update", "AdamW with param decayed after the Adam update instead of before it",
      "Multiply param by 1 - lr * weight_decay first, then subtract the update, as PyTorch does "
      "(the order changes the result by lr^2 * weight_decay * update).",
      {.decay_after_update = true});
  add("decay_of_grad", "AdamW with param decayed by lr * weight_decay * grad, not by its own size",
      "The decay shrinks param by itself: param * (1 - lr * weight_decay); grad is not in it.",
      {.decay = Decay::OfGrad});
  // The moments and their corrections.
  add("no_bias_correction", "AdamW with neither moment bias-corrected",
      "Divide exp_avg by 1 - beta1^step and exp_avg_sq by 1 - beta2^step.",
      {.correct_m = false, .correct_v = false});
  add("no_bias_correction", "AdamW with exp_avg_sq never bias-corrected",
      "Divide exp_avg_sq by 1 - beta2^step too.", {.correct_v = false});
  add("no_bias_correction", "AdamW with exp_avg never bias-corrected",
      "Divide exp_avg by 1 - beta1^step too.", {.correct_m = false});
  add("bias_correction_wrong_step",
      "AdamW with the corrections computed from the step count before its increment",
      "Increment state.step first and correct with the new count.",
      {.correction_step_behind = true});
  add("step_not_incremented", "AdamW with state.step never incremented",
      "Add one to state.step on every call, before computing the corrections.",
      {.step_not_incremented = true});
  add("betas_swapped", "AdamW with beta2 for exp_avg and beta1 for exp_avg_sq",
      "exp_avg decays with beta1, exp_avg_sq with beta2.", {.betas_swapped = true});
  add("moment_weights_swapped",
      "AdamW with the moments' weights swapped: (1 - beta) * old + beta * new",
      "Keep beta on the old moment: beta1 * exp_avg + (1 - beta1) * grad.",
      {.moment_weights_swapped = true});
  add("second_moment_of_abs", "AdamW with exp_avg_sq made from |grad| instead of grad^2",
      "Square the gradient: exp_avg_sq averages grad * grad.", {.second_moment_of_abs = true});
  add("momentum_ignored", "AdamW whose update uses the gradient instead of m_hat",
      "The update is lr * m_hat / (sqrt(v_hat) + eps), with m_hat from exp_avg.",
      {.momentum_ignored = true});
  add("no_sqrt", "AdamW dividing by v_hat + eps instead of sqrt(v_hat) + eps",
      "Take the square root of v_hat.", {.no_sqrt = true});
  add("second_moment_correction_without_root",
      "AdamW with the root of exp_avg_sq divided by 1 - beta2^step itself: sqrt(exp_avg_sq) / (1 - "
      "beta2^step) + eps",
      "The correction goes under the root with exp_avg_sq: sqrt(exp_avg_sq / (1 - beta2^step)), "
      "or sqrt(exp_avg_sq) / sqrt(1 - beta2^step), then + eps.",
      {.correction_without_root = true});
  add("ascent", "AdamW with the update added to param instead of subtracted",
      "Subtract the update: param moves against the gradient.", {.ascent = true});
  add("moments_start_at_grad",
      "AdamW whose moments start as the first grad and grad^2 (then updated as usual), not zeros",
      "Create undefined moments as zeros of param's shape (kt::zeros_like(param)); the first "
      "update then makes exp_avg = (1 - beta1) * grad, and the bias correction undoes that "
      "small start.",
      {.moments_start_at_grad = true});
  add("second_moment_of_exp_avg",
      "AdamW with exp_avg_sq updated with the new exp_avg squared instead of grad^2",
      "exp_avg_sq averages the squared gradient: beta2 * exp_avg_sq + (1 - beta2) * grad * grad.",
      {.second_moment_of_m = true});
  add("first_correction_rooted",
      "AdamW with the step size lr / sqrt(1 - beta1^step), the root that belongs to exp_avg_sq's "
      "correction",
      "The step size is lr / (1 - beta1^step), no root: only exp_avg_sq's correction goes under "
      "one.",
      {.first_correction_rooted = true});
  add("state_not_kept", "AdamW with moments that start from zero on every call",
      "Read the moments from state, and store the new ones back into state.",
      {.state_not_kept = true});
  // eps.
  add("eps_inside_sqrt", "AdamW with eps inside the square root, sqrt(v_hat + eps)",
      "Add eps after the root: sqrt(v_hat) + eps.", {.eps_inside_sqrt = true});
  add("eps_on_uncorrected_root",
      "Adam's paper's form: lr * sqrt(1 - beta2^step) / (1 - beta1^step) * exp_avg / "
      "(sqrt(exp_avg_sq) + eps), eps added before the correction",
      "torch.optim.AdamW adds eps to the corrected root: sqrt(exp_avg_sq) / sqrt(1 - beta2^step) "
      "+ eps.",
      {.eps_on_uncorrected = true});
  entries.push_back({{"param_unchanged", "param as it was: never updated",
                      "Write the new values into param itself: param.copy_(new_values)."},
                     [](const Case& c) { return c.param.to(kt::Float64); }});
  return entries;
}

std::vector<Case> discriminating_cases() {
  kt::Generator gen(20261206);
  const auto make = [&](const kt::Shape& shape, int calls, int64_t step, double scale,
                        const ref::AdamWConfig& cfg) {
    Case c;
    c.param = kt::randn(shape, gen);
    c.step = step;
    if (step > 0) {
      c.exp_avg = kt::randn(shape, gen) * (0.1 * scale);
      const kt::Tensor r = kt::randn(shape, gen) * scale;
      c.exp_avg_sq = r * r;
    }
    for (int i = 0; i < calls; ++i) c.grads.push_back(kt::randn(shape, gen) * scale);
    c.cfg = cfg;
    c.values = "fixed";
    return c;
  };
  // No number of a config (lr, beta1, 1 - beta1, ..., weight_decay, lr * weight_decay) is
  // another's: the journey reads a number of the learner's as the one it equals, and none where
  // two do (lr = 1 - beta2 read the (1 - beta2) factor as lr; eps = 1 - beta2 a division by
  // sqrt(1 - beta2) as one by sqrt(eps); eps = lr * weight_decay = 0.01 a decay times grad as
  // "grad times eps"; docs/feedback.md rounds 45 and 48).
  return {make({2, 3}, 2, 2, 1.0, {0.04, 0.8, 0.95, 0.03, 0.25}),
          make({4}, 3, 5, 1.0, {0.02, 0.9, 0.99, 1e-3, 0.15}),
          make({3, 2}, 2, 3, 1e-3, {0.01, 0.9, 0.999, 1e-6, 0.03}),
          make({5}, 2, 0, 1.0, {0.03, 0.6, 0.8, 0.07, 0.3})};
}

std::vector<Step> expected_steps(const Case& c) {
  const ref::AdamWConfig& k = c.cfg;
  const kt::Tensor p = c.param.to(kt::Float64), g = c.grads.front().to(kt::Float64);
  const kt::Tensor m0 = c.exp_avg.defined() ? c.exp_avg.to(kt::Float64) : kt::zeros_like(p);
  const kt::Tensor v0 = c.exp_avg_sq.defined() ? c.exp_avg_sq.to(kt::Float64) : kt::zeros_like(p);
  const double t = double(c.step + 1);
  const kt::Tensor decayed = p * (1 - k.lr * k.weight_decay);
  const kt::Tensor m = m0 * k.beta1 + g * (1 - k.beta1);
  const kt::Tensor g2 = g * g;
  const kt::Tensor v = v0 * k.beta2 + g2 * (1 - k.beta2);
  const kt::Tensor m_hat = m / (1 - std::pow(k.beta1, t));
  const kt::Tensor v_hat = v / (1 - std::pow(k.beta2, t));
  const kt::Tensor root = kt::sqrt(v_hat), denom = root + k.eps;
  const kt::Tensor update = m_hat / denom * k.lr;
  // A step a later one is computed from counts as done another way when the learner skips it
  // (v_hat inside torch's sqrt(exp_avg_sq) / sqrt(1 - beta2^step)): Note [aligning on values].
  return {{"param * (1 - lr * weight_decay)", decayed, -1, {}},
          {"exp_avg, updated with grad", m, -1, {}},
          {"grad^2", g2, -1, {}},
          {"exp_avg_sq, updated with grad^2", v, -1, {2}},
          {"m_hat = exp_avg / (1 - beta1^step)", m_hat, -1, {1}, false, false, false, true},
          {"v_hat = exp_avg_sq / (1 - beta2^step)", v_hat, -1, {3}},
          {"sqrt(v_hat)", root, -1, {5}},
          {"sqrt(v_hat) + eps", denom, -1, {6}},
          {"lr * m_hat / (sqrt(v_hat) + eps)", update, -1, {4, 7}},
          {"param after the first call", decayed - update, -1, {0, 8}}};
}

std::vector<Step> steps_with_step_size(const Case& c) {
  const ref::AdamWConfig& k = c.cfg;
  std::vector<Step> steps = expected_steps(c);
  steps.resize(4);  // the decay and the moments, as in the other form
  const kt::Tensor decayed = steps[0].value, m = steps[1].value, v = steps[3].value;
  const double t = double(c.step + 1);
  const kt::Tensor root = kt::sqrt(v);
  const kt::Tensor corrected = root / std::sqrt(1 - std::pow(k.beta2, t));
  const kt::Tensor denom = corrected + k.eps;
  const kt::Tensor ratio = m / denom;
  const kt::Tensor update = ratio * (k.lr / (1 - std::pow(k.beta1, t)));
  steps.push_back({"sqrt(exp_avg_sq)", root, -1, {3}, false, false, false, true});
  steps.push_back({"sqrt(exp_avg_sq) / sqrt(1 - beta2^step)", corrected, -1, {4}});
  steps.push_back({"denom = that + eps", denom, -1, {5}});
  steps.push_back({"exp_avg / denom", ratio, -1, {1, 6}});
  steps.push_back({"exp_avg / denom * lr / (1 - beta1^step)", update, -1, {7}});
  steps.push_back({"param after the first call", decayed - update, -1, {0, 8}});
  return steps;
}

void diagnose_after_shrinking(Failure& f, const Case& failing) {
  grader::diagnose_after_shrinking<Case>(f, failing, [] {
    Diagnosis<Case> d = kata().diagnosis(diagnosis_over(catalogue()));
    d.discriminating_cases = discriminating_cases;
    d.forms = [](const Case& c) {
      return std::vector<std::vector<Step>>{expected_steps(c), steps_with_step_size(c)};
    };
    d.traced = [](const Case& c) {
      Case first = c;  // the journey follows the first call alone
      first.grads.resize(1);
      return run_learner(first).out;
    };
    d.case_text = [](const Case& c) {
      std::ostringstream config;
      config << "lr " << c.cfg.lr << ", beta1 " << c.cfg.beta1 << ", beta2 " << c.cfg.beta2
             << ", eps " << c.cfg.eps << ", weight_decay " << c.cfg.weight_decay;
      return "the case's first call (param shape " + kt::shape_str(c.param.sizes()) +
             (c.fresh() ? ", a fresh state, "
                        : ", state.step " + std::to_string(c.step) + " before it, ") +
             config.str() + ")";
    };
    return d;
  });
}

}  // namespace grader::kata_adamw
