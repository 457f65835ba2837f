#include "grader/katas/cross_entropy/detect.hpp"

#include <cmath>

namespace grader::kata_cross_entropy {

std::vector<Steps> searched_steps() {
  using LogProbs = Steps::LogProbs;
  using Dropping = Steps::Ignored;
  using Smoothing = Steps::Smoothing;
  std::vector<Steps> all;
  for (const LogProbs log_probs : {LogProbs::Stable, LogProbs::Raw, LogProbs::LogOfSoftmax})
    for (const int64_t axis : {int64_t{1}, int64_t{0}})
      for (const Dropping ignored : {Dropping::Dropped, Dropping::ZeroedInMean, Dropping::Counted})
        for (const Smoothing smoothing :
             {Smoothing::Right, Smoothing::OtherClasses, Smoothing::NoOwnShare})
          all.push_back({log_probs, axis, ignored, smoothing});
  return all;
}

namespace {

/// The learner's loss is what a computation gives: at the case's tolerance, or both not finite
/// (the sum of a log of 0 is -inf, and NaN where code multiplies it by a one-hot 0 first).
bool same_loss(const Case& c, const kt::Tensor& got, const kt::Tensor& computed) {
  const double g = got.to(kt::Float64).reshape({1}).item();
  const double m = computed.item();
  if (!std::isfinite(m)) return !std::isfinite(g);
  return matches(c, got, computed);
}

}  // namespace

std::optional<Steps> steps_with(const std::vector<Case>& cases, const std::vector<kt::Tensor>& got,
                                bool Made::*pitfall) {
  std::optional<Steps> with;
  for (const Steps& steps : searched_steps()) {
    bool all = true;
    for (size_t i = 0; i < cases.size() && all; ++i) {
      const Case& c = cases[i];
      const kt::Tensor computed =
          cross_entropy_with_steps(c.logits, c.target, c.ignore_index, c.label_smoothing, steps);
      all = computed.defined() && same_loss(c, got[i], computed);
    }
    if (!all) continue;
    if (!(pitfalls_made(steps).*pitfall)) return std::nullopt;  // explained without it
    if (!with) with = steps;
  }
  return with;
}

Case sibling(const Case& c) {
  // One more row, kept: the logits of row 0 halved and shifted, a target that is a class and not
  // ignore_index.
  Case s = c;
  const kt::Tensor extra = c.logits.narrow(0, 0, 1) * 0.5 + 1.0;
  s.logits = kt::cat({c.logits, extra}, 0);
  const int64_t classes = c.logits.size(1);
  int64_t t = 0;
  while (t == c.ignore_index && t + 1 < classes) ++t;
  s.target = kt::cat({c.target, kt::full({1}, double(t), kt::Int64)}, 0);
  return s;
}

Outcome detect(uint64_t seed, const Spec& spec, bool Made::*pitfall, const char* id,
               const std::function<std::string(const Case&, const Steps&)>& message) {
  return run_cross_entropy_property(seed, kDetectorCases, [&]() -> std::optional<Failure> {
    const Case c = generate(spec);
    const Run run = run_learner(c);
    if (auto stopped = cannot_check(c, run, id)) return stopped;
    if (matches(c, run.out, run_reference(c))) return std::nullopt;
    // The loss is one number: a count can make two mistakes agree on one case (the sum over 2 kept
    // rows of 6 divided by 2 * C = 6 or by N = 6), never on the case and its sibling too.
    const Case other = sibling(c);
    const Run other_run = run_learner(other);
    if (auto stopped = cannot_check(other, other_run, id)) return stopped;
    const auto steps = steps_with({c, other}, {run.out, other_run.out}, pitfall);
    if (!steps) return std::nullopt;
    Failure f = failure(c, run.out, message(c, *steps));
    f.pitfall = id;
    return f;
  });
}

}  // namespace grader::kata_cross_entropy
