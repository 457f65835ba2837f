#include "grader/katas/adamw/detect.hpp"

#include "grader/lib/searched.hpp"

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
  return explained_by(searched_steps(), pitfall, pitfalls_made, [&](const Steps& steps) {
    return same_as_mistake(got, adamw_with_steps(c, steps).param);
  });
}

Outcome detect(uint64_t seed, bool Made::*pitfall, const char* id,
               const std::function<std::string(const Case&, const Steps&)>& message) {
  return run_adamw_property(seed, kDetectorCases, [&]() -> std::optional<Failure> {
    const Case c = generate(detector_spec());
    return kata().detected<Steps>(
        c, id, [&](const kt::Tensor& got) { return steps_with(c, got, pitfall); }, message);
  });
}

}  // namespace grader::kata_adamw
