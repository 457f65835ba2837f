#include "grader/katas/softmax/catalogue.hpp"

#include <utility>

#include "grader/katas/softmax/journey.hpp"
#include "grader/katas/softmax/mistakes.hpp"

namespace grader::kata_softmax {
namespace {

/// exp(x - max) / sum, both along `axis` with keepdim: softmax along `axis`.
kt::Tensor softmax_along(const kt::Tensor& x, int64_t axis) {
  const kt::Tensor e = kt::exp(x - kt::amax(x, axis, true));
  return e / kt::sum(e, axis, true);
}

}  // namespace

std::vector<SoftmaxEntry> catalogue() {
  using X = const kt::Tensor&;
  std::vector<SoftmaxEntry> entries;
  const auto add = [&](const char* id, const char* what, const char* fix,
                       std::function<kt::Tensor(X, int64_t)> computes) {
    entries.push_back({{id, what, fix}, std::move(computes)});
  };
  // The axis.
  add("softmax_wrong_dim", "the softmax along the last axis, whatever dim is",
      "Normalise along dim, the argument: every reduction takes dim.",
      [](X x, int64_t) { return softmax_along(x, -1); });
  add("softmax_wrong_dim", "the softmax along the first axis, whatever dim is",
      "Normalise along dim, the argument: every reduction takes dim.",
      [](X x, int64_t) { return softmax_along(x, 0); });
  add("softmax_wrong_dim",
      "the softmax along dim + x.dim() - 1 for a negative dim: one axis too low (-1 is the last "
      "axis, -x.dim() the first)",
      "Pass dim as it is to every reduction (a negative axis counts from the end), or normalise it "
      "with dim + x.dim().",
      [](X x, int64_t dim) { return softmax_along(x, dim < 0 ? dim + x.dim() - 1 : dim); });
  // The max.
  add("max_over_wrong_dim", "exp(x - max) / sum with the max taken along the last axis, not dim",
      "Take the max along dim too: kt::amax(x, dim, /*keepdim=*/true).",
      [](X x, int64_t dim) { return max_over_axis(x, dim, x.dim() - 1); });
  add("max_over_wrong_dim", "exp(x - max) / sum with the max taken without keepdim",
      "kt::amax(x, dim, /*keepdim=*/true): without keepdim the maxima broadcast along the wrong "
      "axes.",
      [](X x, int64_t dim) { return max_without_keepdim(x, dim); });
  // The sum.
  add("sum_without_keepdim", "exp(x - max) divided by sums taken without keepdim",
      "kt::sum(e, dim, /*keepdim=*/true), so each sum divides its own slice along dim.",
      [](X x, int64_t dim) { return sum_without_keepdim(x, dim); });
  add("sum_over_last_axis", "exp(x - max along dim) divided by its sums along the last axis",
      "Sum along dim, like the max.", [](X x, int64_t dim) {
        const kt::Tensor e = kt::exp(x - kt::amax(x, dim, true));
        return e / kt::sum(e, -1, true);
      });
  add("softmax_over_all", "one softmax over every entry of x (all of them sum to 1), dim ignored",
      "Normalise each slice along dim: the max and the sum along dim, with keepdim.",
      [](X x, int64_t) {
        const kt::Tensor e = kt::exp(x - kt::amax(x));
        return e / kt::sum(e);
      });
  add("no_normalisation", "exp(x - max) without the division by the sum",
      "Divide by the sum along dim (keepdim) so each slice sums to 1.",
      [](X x, int64_t dim) { return kt::exp(x - kt::amax(x, dim, true)); });
  // The exp, and the logits.
  add("logits_scaled", "the softmax of x / 2 (a temperature where there is none)",
      "Use the logits as they are.", [](X x, int64_t dim) { return softmax_along(x / 2.0, dim); });
  add("uniform", "1 / size(dim) everywhere: uniform weights, the logits ignored",
      "Exponentiate the logits: exp(x - max) / sum.",
      [](X x, int64_t dim) { return kt::ones_like(x) / double(x.size(dim)); });
  add("returns_input", "x itself", "Compute exp(x - max) / sum along dim.",
      [](X x, int64_t) { return x.clone(); });
  return entries;
}

std::vector<Case> discriminating_cases() {
  kt::Generator gen(20261130);
  std::vector<Case> cases;
  for (int64_t dim : {1, 0, 2, -2}) {
    Case c;
    c.x = kt::randn({2, 3, 4}, gen) * 2.0;
    c.dim = dim;
    c.logits = "normal, sd 2";
    cases.push_back(std::move(c));
  }
  return cases;
}

void diagnose_after_shrinking(Failure& f, const Case& failing) {
  grader::diagnose_after_shrinking<Case>(f, failing, [] {
    Diagnosis<Case> d = kata().diagnosis(diagnosis_over<Case>(
        catalogue(), [](const SoftmaxEntry& e, const Case& c) { return e.computes(c.x, c.dim); }));
    d.discriminating_cases = discriminating_cases;
    d.journey = journey;
    return d;
  });
}

}  // namespace grader::kata_softmax
