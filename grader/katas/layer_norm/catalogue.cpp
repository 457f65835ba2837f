#include "grader/katas/layer_norm/catalogue.hpp"

#include <utility>

#include "grader/katas/layer_norm/mistakes.hpp"
#include "grader/katas/norm_family/kata.hpp"

namespace grader::kata_layer_norm {
namespace {

kt::Tensor f64(const kt::Tensor& t) { return t.to(kt::Float64); }

/// (x - mean) / sqrt(var + eps) over the last axis, biased: LayerNorm without weight and bias.
kt::Tensor normalised(const Case& c, double eps) {
  const kt::Tensor x = f64(c.x);
  const kt::Tensor mean = kt::mean(x, -1, true);
  const kt::Tensor var = kt::mean(kt::pow(x - mean, 2), -1, true);
  return (x - mean) / kt::sqrt(var + eps);
}

kt::Tensor with(const Case& c, const Steps& steps) {
  return layer_norm_with_steps(c.x, c.weight, c.bias, c.eps, steps);
}

}  // namespace

std::vector<Entry> catalogue() {
  using Axis = Steps::Axis;
  using Variance = Steps::Variance;
  std::vector<Entry> entries;
  const auto add = entry_adder(entries);
  // The statistics.
  add("unbiased_variance", "LayerNorm with the variance divided by D - 1 (unbiased), not D",
      "Divide by D: kt::var(x, -1, /*unbiased=*/false, /*keepdim=*/true), or the mean of "
      "(x - mean)^2.",
      [](const Case& c) { return with(c, {.variance = Variance::Unbiased}); });
  add("variance_not_centered", "LayerNorm with the mean of x^2 as the variance",
      "Subtract the mean before squaring: the mean of (x - mean)^2.",
      [](const Case& c) { return with(c, {.variance = Variance::Uncentered}); });
  add("normalized_wrong_axis", "LayerNorm with the mean and variance over dim 0",
      "Reduce over the last axis (dim -1, keepdim): each row is normalised on its own.",
      [](const Case& c) { return with(c, {.axis = Axis::Other, .other = 0}); });
  add("normalized_wrong_axis", "LayerNorm with one mean and variance over the whole tensor",
      "Reduce over the last axis (dim -1, keepdim): each row is normalised on its own.",
      [](const Case& c) { return with(c, {.axis = Axis::All}); });
  add("normalized_wrong_axis",
      "LayerNorm with the mean and variance over the last two axes together",
      "Reduce over the last axis only (dim -1, keepdim): each row is normalised on its own.",
      [](const Case& c) {
        // (on rank 2 the whole tensor, as the entry before: a learner's code over the last
        // two axes fails first on such a case)
        return c.x.dim() < 2 ? kt::Tensor() : with(c, {.axis = Axis::LastTwo});
      });
  add("stats_without_keepdim", "LayerNorm with the mean and variance reduced without keepdim",
      "kt::mean(x, -1, /*keepdim=*/true): without keepdim they line up with x's last axis.",
      [](const Case& c) { return with(c, {.mean_keepdim = false, .var_keepdim = false}); });
  add("mean_not_subtracted", "x / sqrt(var + eps) * weight + bias: the mean left in the numerator",
      "Normalise x - mean, not x.", [](const Case& c) {
        const kt::Tensor x = f64(c.x);
        const kt::Tensor mean = kt::mean(x, -1, true);
        const kt::Tensor var = kt::mean(kt::pow(x - mean, 2), -1, true);
        return x / kt::sqrt(var + c.eps) * f64(c.weight) + f64(c.bias);
      });
  add("rms_norm_instead", "RMSNorm, x / sqrt(mean(x^2) + eps) * weight + bias: no mean anywhere",
      "LayerNorm centres: (x - mean) / sqrt(var + eps), var the mean of (x - mean)^2.",
      [](const Case& c) {
        const kt::Tensor x = f64(c.x);
        return x / kt::sqrt(kt::mean(x * x, -1, true) + c.eps) * f64(c.weight) + f64(c.bias);
      });
  // eps and the square root.
  add("eps_outside_sqrt", "LayerNorm with (x - mean) / (sqrt(var) + eps)",
      "Add eps inside the root: kt::sqrt(var + eps).",
      [](const Case& c) { return with(c, {.eps_inside = false}); });
  add("eps_ignored", "LayerNorm with eps = 1e-5 whatever eps the call passes",
      "Use the eps argument.",
      [](const Case& c) { return normalised(c, 1e-5) * f64(c.weight) + f64(c.bias); });
  add("eps_left_out", "LayerNorm without eps: (x - mean) / sqrt(var)",
      "Add eps to the variance inside the root: it keeps a constant row finite.",
      [](const Case& c) { return normalised(c, 0.0) * f64(c.weight) + f64(c.bias); });
  add("no_sqrt", "(x - mean) / (var + eps) * weight + bias: divided by the variance, not its root",
      "Divide by the standard deviation: kt::sqrt(var + eps).", [](const Case& c) {
        const kt::Tensor x = f64(c.x);
        const kt::Tensor mean = kt::mean(x, -1, true);
        const kt::Tensor var = kt::mean(kt::pow(x - mean, 2), -1, true);
        return (x - mean) / (var + c.eps) * f64(c.weight) + f64(c.bias);
      });
  // The affine part.
  add("weight_and_bias_swapped", "the normalised x times bias plus weight",
      "Scale by weight, then add bias: x̂ * weight + bias.",
      [](const Case& c) { return normalised(c, c.eps) * f64(c.bias) + f64(c.weight); });
  add("bias_left_out", "the normalised x times weight, without bias", "Add bias after scaling.",
      [](const Case& c) { return normalised(c, c.eps) * f64(c.weight); });
  add("weight_left_out", "the normalised x plus bias, never scaled by weight",
      "Multiply by weight before adding bias.",
      [](const Case& c) { return normalised(c, c.eps) + f64(c.bias); });
  add("affine_left_out", "the normalised x, (x - mean) / sqrt(var + eps), without weight and bias",
      "Finish with * weight + bias.", [](const Case& c) { return normalised(c, c.eps); });
  add("bias_before_weight", "(x̂ + bias) * weight: bias added before the scaling",
      "Scale first, then shift: x̂ * weight + bias.",
      [](const Case& c) { return (normalised(c, c.eps) + f64(c.bias)) * f64(c.weight); });
  add("returns_input", "x itself", "Compute (x - mean) / sqrt(var + eps) * weight + bias.",
      [](const Case& c) { return f64(c.x); });
  return entries;
}

std::vector<Case> discriminating_cases() {
  return norm_family::fixed_cases<Case>(
      {{{3, 2, 5}, 2.0, 1.5, 0.5}, {{4, 4}, 3.0, 0.5, 1e-5}, {{2, 3}, 0.003, 0.5, 1e-2}},
      [](const kt::Tensor& x, const kt::Tensor& weight, double eps, kt::Generator& gen) {
        const kt::Tensor bias = kt::randn({x.size(-1)}, gen);
        return Case{.x = x, .weight = weight, .bias = bias, .eps = eps, .values = "fixed"};
      });
}

std::vector<Step> expected_steps(const Case& c) {
  const kt::Tensor x = f64(c.x);
  const kt::Tensor mean = kt::mean(x, -1, true), centred = x - mean, squared = centred * centred;
  const kt::Tensor var = kt::mean(squared, -1, true), shifted = var + c.eps;
  const kt::Tensor sd = kt::sqrt(shifted), xhat = centred / sd;
  const kt::Tensor scaled = xhat * f64(c.weight);
  // A step a later one is computed from counts as done another way when the learner skips it
  // (kt::var for the squares, kt::rsqrt for the root): Note [aligning on values].
  return {{"mean over the last axis (keepdim)", mean, -1, {}},
          {"x - mean", centred, -1, {0}},
          {"(x - mean)^2", squared, -1, {1}},
          {"var = mean((x - mean)^2) (keepdim)", var, -1, {2}},
          {"var + eps", shifted, -1, {3}},
          {"sqrt(var + eps)", sd, -1, {4}},
          {"xhat = (x - mean) / sqrt(var + eps)", xhat, -1, {1, 5}},
          {"xhat * weight", scaled, -1, {6}},
          {"xhat * weight + bias", scaled + f64(c.bias), -1, {7}}};
}

void diagnose_after_shrinking(Failure& f, const Case& failing) {
  norm_family::diagnose(f, failing, kata, catalogue, discriminating_cases, expected_steps);
}

}  // namespace grader::kata_layer_norm
