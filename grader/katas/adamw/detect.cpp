#include "grader/katas/adamw/detect.hpp"

namespace grader::kata_adamw {

const std::vector<Steps>& searched_steps() {
  static const std::vector<Steps> all = [] {
    using Decay = Steps::Decay;
    std::vector<Steps> decays;
    for (const Decay decay : {Decay::Decoupled, Decay::Both})
      for (const bool times_lr : {true, false})
        for (const bool after : {false, true})
          decays.push_back(
              {.decay = decay, .decay_times_lr = times_lr, .decay_after_update = after});
    decays.push_back({.decay = Decay::L2});
    decays.push_back({.decay = Decay::None});
    std::vector<Steps> steps;
    for (Steps s : decays)
      for (const bool correct_m : {true, false})
        for (const bool correct_v : {true, false})
          for (const bool behind : {false, true}) {
            if (behind && !correct_m && !correct_v) continue;  // nothing to be one step behind
            for (const int eps : {0, 1, 2}) {
              s.correct_m = correct_m;
              s.correct_v = correct_v;
              s.correction_step_behind = behind;
              s.eps_inside_sqrt = eps == 1;
              s.eps_on_uncorrected = eps == 2;
              steps.push_back(s);
            }
          }
    return steps;
  }();
  return all;
}

std::optional<Steps> steps_with(const Case& c, const kt::Tensor& got, bool Made::*pitfall) {
  std::optional<Steps> with;
  for (const Steps& steps : searched_steps()) {
    if (!same_as_mistake(got, adamw_with_steps(c, steps).param)) continue;
    if (!(pitfalls_made(steps).*pitfall)) return std::nullopt;  // explained without it
    if (!with) with = steps;
  }
  return with;
}

Outcome detect(uint64_t seed, bool Made::*pitfall, const char* id,
               const std::function<std::string(const Case&, const Steps&)>& message) {
  return run_adamw_property(seed, kDetectorCases, [&]() -> std::optional<Failure> {
    const Case c = generate(detector_spec());
    const Run run = run_learner(c);
    if (auto stopped = kata().cannot_check(c, run, id)) return stopped;
    const kt::Tensor expected = run_reference(c);
    if (matches(c, run.out, expected)) return std::nullopt;
    const auto steps = steps_with(c, run.out, pitfall);
    if (!steps) return std::nullopt;
    // The same case again must give the same parameter: a step that depends on something besides
    // its arguments (a counter of its own) can match a pitfall's computation on one call by chance.
    const Run again = run_learner(c);
    if (!again.ok() || !identical(again.out, run.out)) return std::nullopt;
    Failure f = kata().failure(c, run.out, expected, message(c, *steps));
    f.pitfall = id;
    return f;
  });
}

}  // namespace grader::kata_adamw
