#include "grader/katas/rms_norm/catalogue.hpp"

#include <utility>

#include "grader/katas/norm_family/kata.hpp"
#include "grader/katas/rms_norm/mistakes.hpp"

namespace grader::kata_rms_norm {
namespace {

kt::Tensor f64(const kt::Tensor& t) { return t.to(kt::Float64); }

/// The mean of squares over the last axis (keepdim).
kt::Tensor mean_square(const Case& c) {
  const kt::Tensor x = f64(c.x);
  return kt::mean(x * x, -1, true);
}

kt::Tensor with(const Case& c, const Steps& steps) {
  return rms_norm_with_steps(c.x, c.weight, c.eps, steps);
}

}  // namespace

std::vector<Entry> catalogue() {
  using Axis = Steps::Axis;
  using Centre = Steps::Centre;
  std::vector<Entry> entries;
  const auto add = entry_adder(entries);
  // The statistic.
  add("mean_subtracted", "LayerNorm without bias: (x - mean) / sqrt(var + eps) * weight",
      "RMSNorm subtracts no mean: x / sqrt(mean(x^2) + eps) * weight.",
      [](const Case& c) { return with(c, {.centre = Centre::Both}); });
  add("mean_subtracted", "(x - mean) / sqrt(mean(x^2) + eps) * weight: the mean taken out of x",
      "Divide x itself, not x - mean.",
      [](const Case& c) { return with(c, {.centre = Centre::Numerator}); });
  add("sum_not_mean", "RMSNorm with the squares summed, not averaged", "Divide the sum by D.",
      [](const Case& c) { return with(c, {.sum = true}); });
  add("normalized_wrong_axis", "RMSNorm with the mean of squares over dim 0",
      "Take it over the last axis (dim -1, keepdim).",
      [](const Case& c) { return with(c, {.axis = Axis::Other, .other = 0}); });
  add("normalized_wrong_axis", "RMSNorm with one mean of squares over the whole tensor",
      "Take it over the last axis (dim -1, keepdim).",
      [](const Case& c) { return with(c, {.axis = Axis::All}); });
  add("normalized_wrong_axis", "RMSNorm with the mean of squares over the last two axes together",
      "Take it over the last axis only (dim -1, keepdim).", [](const Case& c) {
        // (on rank 2 the whole tensor, as the entry before: a learner's code over the last
        // two axes fails first on such a case)
        return c.x.dim() < 2 ? kt::Tensor() : with(c, {.axis = Axis::LastTwo});
      });
  add("mean_without_keepdim", "RMSNorm with the mean of squares reduced without keepdim",
      "kt::mean(x * x, -1, /*keepdim=*/true): without keepdim it lines up with x's last axis.",
      [](const Case& c) { return with(c, {.keepdim = false}); });
  add("abs_mean_instead", "x / (mean(|x|) + eps) * weight: the mean absolute value, not the RMS",
      "Square, average, add eps, then take the root.", [](const Case& c) {
        const kt::Tensor x = f64(c.x);
        return x / (kt::mean(kt::abs(x), -1, true) + c.eps) * f64(c.weight);
      });
  // eps and the root.
  add("eps_outside_sqrt", "RMSNorm with x / (sqrt(mean(x^2)) + eps)",
      "Add eps inside the root: kt::rsqrt(mean(x^2) + eps).",
      [](const Case& c) { return with(c, {.eps_inside = false}); });
  add("eps_ignored", "RMSNorm with eps = 1e-6 whatever eps the call passes",
      "Use the eps argument.",
      [](const Case& c) { return f64(c.x) / kt::sqrt(mean_square(c) + 1e-6) * f64(c.weight); });
  add("eps_left_out", "RMSNorm without eps: x / sqrt(mean(x^2))",
      "Add eps to the mean of squares inside the root: it keeps a row of zeros finite.",
      [](const Case& c) { return f64(c.x) / kt::sqrt(mean_square(c)) * f64(c.weight); });
  add("no_sqrt", "x / (mean(x^2) + eps) * weight: divided by the mean square, not its root",
      "Divide by the root: kt::sqrt(mean(x^2) + eps).",
      [](const Case& c) { return f64(c.x) / (mean_square(c) + c.eps) * f64(c.weight); });
  add("multiplied_by_root", "x * sqrt(mean(x^2) + eps) * weight: multiplied by the root",
      "Divide by the root (or multiply by kt::rsqrt).",
      [](const Case& c) { return f64(c.x) * kt::sqrt(mean_square(c) + c.eps) * f64(c.weight); });
  // The weight.
  add("weight_plus_one", "RMSNorm scaled by 1 + weight (Gemma's convention)",
      "Scale by weight itself (LLaMA's convention).",
      [](const Case& c) { return with(c, {.weight_plus_one = true}); });
  add("weight_left_out", "x / sqrt(mean(x^2) + eps), never scaled by weight",
      "Multiply by weight at the end.",
      [](const Case& c) { return f64(c.x) / kt::sqrt(mean_square(c) + c.eps); });
  add("returns_input", "x itself", "Compute x / sqrt(mean(x^2) + eps) * weight.",
      [](const Case& c) { return f64(c.x); });
  return entries;
}

std::vector<Case> discriminating_cases() {
  return norm_family::fixed_cases<Case>(
      {{{3, 2, 5}, 2.0, 1.5, 0.1}, {{4, 4}, 3.0, 0.5, 1e-6}, {{2, 3}, 0.001, 0.0, 1e-5}},
      [](const kt::Tensor& x, const kt::Tensor& weight, double eps, kt::Generator&) {
        return Case{.x = x, .weight = weight, .eps = eps, .values = "fixed"};
      });
}

std::vector<Step> expected_steps(const Case& c) {
  const kt::Tensor x = f64(c.x);
  const kt::Tensor squares = x * x, ms = kt::mean(squares, -1, true), shifted = ms + c.eps;
  const kt::Tensor root = kt::sqrt(shifted), normed = x / root;
  // A step a later one is computed from counts as done another way when the learner skips it
  // (kt::rsqrt for the root): Note [aligning on values].
  return {{"x^2", squares, -1, {}},
          {"mean(x^2) over the last axis (keepdim)", ms, -1, {0}},
          {"mean(x^2) + eps", shifted, -1, {1}},
          {"sqrt(mean(x^2) + eps)", root, -1, {2}},
          {"x / sqrt(mean(x^2) + eps)", normed, -1, {3}},
          {"x / sqrt(mean(x^2) + eps) * weight", normed * f64(c.weight), -1, {4}}};
}

void diagnose_after_shrinking(Failure& f, const Case& failing) {
  norm_family::diagnose(f, failing, kata, catalogue, discriminating_cases, expected_steps);
}

}  // namespace grader::kata_rms_norm
