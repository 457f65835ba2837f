#include "grader/katas/cross_entropy/catalogue.hpp"

#include <limits>
#include <sstream>
#include <utility>

#include "grader/katas/cross_entropy/mistakes.hpp"

namespace grader::kata_cross_entropy {
namespace {

kt::Tensor with(const Case& c, const Steps& steps) {
  return cross_entropy_with_steps(c.logits, c.target, c.ignore_index, c.label_smoothing, steps);
}

/// The log-probabilities, (N, C) Float64.
kt::Tensor log_probs(const Case& c) {
  const kt::Tensor x = c.logits.to(kt::Float64);
  return x - kt::logsumexp(x, 1, true);
}

/// sum over the kept rows of f(row's log-probabilities, target), and the number of kept rows.
template <class F>
std::pair<double, int64_t> over_kept_rows(const Case& c, F&& f) {
  const kt::Tensor lp = log_probs(c);
  double total = 0;
  int64_t kept = 0;
  for (int64_t i = 0; i < lp.size(0); ++i) {
    const auto t = int64_t(c.target.at({i}));
    if (t == c.ignore_index) continue;
    total += f(lp[i], t);
    ++kept;
  }
  return {total, kept};
}

kt::Tensor scalar(double v) { return kt::full({}, v); }
double nan() { return std::numeric_limits<double>::quiet_NaN(); }

}  // namespace

std::vector<Entry> catalogue() {
  using LogProbs = Steps::LogProbs;
  using Dropping = Steps::Ignored;
  using Smoothing = Steps::Smoothing;
  std::vector<Entry> entries;
  const auto add = entry_adder(entries);
  // The log-probabilities.
  add("log_of_softmax", "the loss with the log of a softmax as log-probabilities",
      "log p = logits - logsumexp(logits) over the row: finite where p underflows to 0.",
      [](const Case& c) { return with(c, {.log_probs = LogProbs::LogOfSoftmax}); });
  add("no_max_subtraction", "the loss with log-sum-exp of the raw logits (exp overflows)",
      "Take each row's maximum out before exp: m + log(sum(exp(logits - m))).",
      [](const Case& c) { return with(c, {.log_probs = LogProbs::Raw}); });
  add("softmax_wrong_dim", "the loss with the log-softmax over the rows (dim 0)",
      "Normalise each row over its classes: dim 1.",
      [](const Case& c) { return with(c, {.axis = 0}); });
  add("logits_as_log_probs", "the mean of -logits[target]: the logits never normalised",
      "Subtract each row's logsumexp: log p = logits - logsumexp(logits).", [](const Case& c) {
        const kt::Tensor x = c.logits.to(kt::Float64);
        double total = 0;
        int64_t kept = 0;
        for (int64_t i = 0; i < x.size(0); ++i) {
          const auto t = int64_t(c.target.at({i}));
          if (t == c.ignore_index) continue;
          total -= x.at({i, t});
          ++kept;
        }
        return scalar(kept == 0 ? nan() : total / double(kept));
      });
  add("probability_not_log", "the mean of -p[target]: the probability, not its log",
      "Take the log: -log p[target].", [](const Case& c) {
        const auto [total, kept] = over_kept_rows(
            c, [](const kt::Tensor& lp, int64_t t) { return -std::exp(lp.at({t})); });
        return scalar(kept == 0 ? nan() : total / double(kept));
      });
  add("not_negated", "the mean of log p[target]: the loss without its minus sign",
      "Negate: the loss is -log p[target], >= 0.", [](const Case& c) {
        const auto [total, kept] =
            over_kept_rows(c, [](const kt::Tensor& lp, int64_t t) { return lp.at({t}); });
        return scalar(kept == 0 ? nan() : total / double(kept));
      });
  // The rows ignored and the reduction.
  add("ignored_rows_in_mean", "the sum over the kept rows divided by all N rows",
      "Divide by the number of rows whose target is not ignore_index.",
      [](const Case& c) { return with(c, {.ignored = Dropping::ZeroedInMean}); });
  add("ignored_rows_in_mean", "the loss with ignore_index never looked at (every row counted)",
      "Leave out every row whose target equals ignore_index, even when it is a valid class.",
      [](const Case& c) { return with(c, {.ignored = Dropping::Counted}); });
  add("smoothing_kept_on_ignored_rows",
      "the loss with the ignored rows' label-smoothing term kept (only their -log p[target] "
      "left out)",
      "Leave a row whose target is ignore_index out entirely: neither term of its loss, and not "
      "in the count.",
      [](const Case& c) { return with(c, {.ignored = Dropping::SmoothingKept}); });
  add("sum_not_mean", "the sum of the rows' losses, not their mean",
      "Divide by the number of rows not ignored.", [](const Case& c) {
        const kt::Tensor m = with(c, {});
        const auto kept = double(c.kept_rows());
        return kept == 0 ? scalar(0.0) : m * kept;
      });
  add("mean_over_classes_too", "the sum of the rows' losses divided by (kept rows) * C",
      "The mean runs over the rows only: divide by the number of rows not ignored, not by N * C.",
      [](const Case& c) { return with(c, {}) / double(c.logits.size(1)); });
  // Label smoothing.
  add("smoothing_mass_wrong", "the loss with eps / (C - 1) on each class but the target",
      "Spread eps over all C classes, the target included: eps / C each.",
      [](const Case& c) { return with(c, {.smoothing = Smoothing::OtherClasses}); });
  add("smoothing_mass_wrong", "the loss with the target's own eps / C share left out",
      "The target weighs 1 - eps + eps / C: (1 - eps) * nll + eps * mean over all classes.",
      [](const Case& c) { return with(c, {.smoothing = Smoothing::NoOwnShare}); });
  add("smoothing_ignored", "the loss without label smoothing (eps read as 0)",
      "Mix in eps * mean over the classes of -log p[c].", [](const Case& c) {
        Case plain = c;
        plain.label_smoothing = 0.0;
        return with(plain, {});
      });
  return entries;
}

std::vector<Case> discriminating_cases() {
  kt::Generator gen(20261205);
  const auto make = [&](int64_t n, int64_t classes, std::vector<int64_t> target, int64_t ii,
                        double eps, double shift) {
    Case c;
    c.logits = kt::randn({n, classes}, gen) * 3.0 + shift;
    c.target = kt::from_vector(target, {n});
    c.ignore_index = ii;
    c.label_smoothing = eps;
    c.values = "fixed";
    return c;
  };
  // The first (the journey's case when it fails) has N = 3 rows apart from C - 1, C and C + 1 =
  // 5, 6, 7 for C = 6 classes: a size read from the wrong axis shows which it is.
  std::vector<Case> cases = {
      make(3, 6, {0, 3, 5}, -100, 0.2, 0.0), make(5, 3, {0, 1, 2, 1, 2}, 1, 0.0, 0.0),
      make(3, 4, {2, 0, 3}, -100, 0.1, 0.0), make(3, 4, {1, 3, 0}, -100, 0.0, 1000.0),
      // Ignored rows beside label smoothing: an ignored row's smoothing term shows.
      make(4, 3, {2, 7, 0, 7}, 7, 0.3, 0.0)};
  // The third case's first target 1000 below its row: its probability underflows.
  cases[2].logits.set({0, 2}, cases[2].logits.at({0, 2}) - 1000.0);
  return cases;
}

std::vector<Step> expected_steps(const Case& c) {
  const kt::Tensor x = c.logits.to(kt::Float64);
  const kt::Tensor m = kt::amax(x, 1, true), shifted = x - m, e = kt::exp(shifted);
  const kt::Tensor s = kt::sum(e, 1, true), lse = m + kt::log(s), lp = x - lse;
  // Each row's -log p[target] (an ignored row reads class 0, as code that masks afterwards does),
  // the smoothing term, and their mix.
  const kt::Tensor keep = c.target != double(c.ignore_index);
  const kt::Tensor safe = kt::where(keep, c.target, kt::zeros_like(c.target)).to(kt::Int64);
  const kt::Tensor nll = -kt::gather(lp, 1, safe.unsqueeze(1)).squeeze(1);
  const kt::Tensor smooth = -kt::mean(lp, 1);
  const double eps = c.label_smoothing;
  const kt::Tensor per_row = nll * (1.0 - eps) + smooth * eps;
  // A step a later one is computed from counts as done another way when the learner skips it
  // (kt::logsumexp, kt::log_softmax; the smoothing term when label_smoothing is 0): Note
  // [aligning on values].
  return {{"row maxima (keepdim)", m, -1, {}},
          {"logits - max", shifted, -1, {0}},
          {"exp(logits - max)", e, -1, {1}},
          {"sum of the exps over the row (keepdim)", s, -1, {2}},
          {"logsumexp = max + log(sum)", lse, -1, {0, 3}},
          {"log p = logits - logsumexp", lp, -1, {4}},
          {"-log p[target], per row", nll, -1, {5}},
          {"mean over the classes of -log p, per row", smooth, -1, {5}},
          {"per row: (1 - label_smoothing) * nll + label_smoothing * that", per_row, -1, {6, 7}},
          {"the loss: mean over the rows not ignored", run_reference(c), -1, {8}}};
}

void diagnose_after_shrinking(Failure& f, const Case& failing) {
  grader::diagnose_after_shrinking<Case>(f, failing, [] {
    Diagnosis<Case> d = diagnosis_over(catalogue());
    d.discriminating_cases = discriminating_cases;
    d.keeps_failing = [](const Case& c) { return c.logits.dtype() == kt::Float64; };
    d.learner = [](const Case& c) { return run_learner(c).out; };
    d.reference = run_reference;
    d.wrong = [](const Case& c, const kt::Tensor& got, const kt::Tensor& expected) {
      return !matches(c, got, expected);
    };
    d.steps = expected_steps;
    d.case_text = [](const Case& c) {
      std::ostringstream s;
      s << "the case logits shape = " << kt::shape_str(c.logits.sizes())
        << ", ignore_index = " << c.ignore_index << ", label_smoothing = " << c.label_smoothing;
      return s.str();
    };
    return d;
  });
}

}  // namespace grader::kata_cross_entropy
