#include "grader/katas/speculative_decoding/detect.hpp"

#include "grader/lib/confirmed.hpp"

namespace grader::kata_speculative_decoding {

std::vector<Steps> searched_steps() {
  static const std::vector<Steps> cached = [] {
    using S = Steps;
    std::vector<Steps> all;
    for (const auto ratio : {S::Ratio::PoverQ, S::Ratio::QoverP, S::Ratio::P})
      for (const auto residual :
           {S::Residual::Normalized, S::Residual::NotNormalized, S::Residual::NotClamped,
            S::Residual::Target, S::Residual::Draft, S::Residual::Nothing})
        for (const auto bonus : {S::Bonus::Drawn, S::Bonus::NoneWithDraw, S::Bonus::NoneNoDraw,
                                 S::Bonus::FromLastDraft})
          all.push_back({ratio, residual, bonus});
    return all;
  }();
  return cached;
}

std::vector<Steps> single_slips() {
  static const std::vector<Steps> cached = [] {
    std::vector<Steps> one;
    const Steps right;
    for (const Steps& s : searched_steps())
      if (int(s.ratio != right.ratio) + int(s.residual != right.residual) +
              int(s.bonus != right.bonus) <=
          1)
        one.push_back(s);
    return one;
  }();
  return cached;
}

std::optional<Steps> steps_with(const Case& c, const Called& called, bool Made::*pitfall) {
  const Rows rows = c.rows();
  const std::vector<double> u = c.uniforms();
  std::optional<Steps> with;
  for (const Steps& steps : searched_steps()) {
    if (!same(called, replay(rows, c.drafts, u, steps))) continue;
    if (!(pitfalls_made(steps).*pitfall)) return std::nullopt;  // explained without it
    if (!with) with = steps;
  }
  return with;
}

bool shows(const Case& c, const Steps& mistake, bool Made::*pitfall) {
  const Rows rows = c.rows();
  const std::vector<double> u = c.uniforms();
  const Replay made = replay(rows, c.drafts, u, mistake);
  for (const Steps& other : single_slips()) {
    if (pitfalls_made(other).*pitfall) continue;
    const Replay r = replay(rows, c.drafts, u, other);
    if (r.tokens == made.tokens && r.draws == made.draws) return false;
  }
  return true;
}

Outcome detect(uint64_t seed, const Spec& spec, const Steps& mistake, bool Made::*pitfall,
               const char* id, const std::function<std::string(const Case&, const Steps&)>& message,
               int cases) {
  const ConfirmedSearch<Case, Called, Steps> search{
      .showing =
          [&] {
            return first_showing<Case>([&] { return generate(spec); },
                                       [&](const Case& c) { return shows(c, mistake, pitfall); });
          },
      .call = call_learner_on,
      .stopped = [&](const Case& c, const Called& called) { return cannot_check(c, called, id); },
      .explained = [&](const Case& c, const Called& called) -> std::optional<Steps> {
        if (called.changed || same(called, reference_replay(c))) return std::nullopt;
        return steps_with(c, called, pitfall);
      },
      .report =
          [&](const Case& c, const Called& called, const Steps& steps) {
            Failure f = *compare(c, called, "");
            f.message = message(c, steps) + " Here " + f.message;
            f.pitfall = id;
            return f;
          },
  };
  // Not shrunk: the body draws cases until one shows the mistake (see the beam_search kata).
  return run_speculative_property(
      seed, cases, [&] { return confirmed_on_two(search); }, /*shrink=*/false);
}

}  // namespace grader::kata_speculative_decoding
