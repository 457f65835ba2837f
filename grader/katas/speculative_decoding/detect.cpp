#include "grader/katas/speculative_decoding/detect.hpp"

#include "grader/lib/confirmed.hpp"
#include "grader/lib/searched.hpp"

namespace grader::kata_speculative_decoding {

std::vector<Steps> searched_steps() {
  static const std::vector<Steps> cached = [] {
    using S = Steps;
    std::vector<Steps> all;
    for (const auto ratio : {S::Ratio::PoverQ, S::Ratio::QoverP, S::Ratio::P})
      for (const auto residual :
           {S::Residual::Normalized, S::Residual::NotNormalized, S::Residual::NotClamped,
            S::Residual::Target, S::Residual::Draft, S::Residual::Nothing, S::Residual::OverMax,
            S::Residual::TargetWithoutDraft})
        for (const auto bonus : {S::Bonus::Drawn, S::Bonus::NoneWithDraw, S::Bonus::NoneNoDraw,
                                 S::Bonus::FromLastDraft})
          all.push_back({ratio, residual, bonus});
    // Note [every catalogued slip is searched] (sampling's detect.cpp): the catalogue's other
    // slips, alone.
    for (const Steps& alone : {Steps{.ratio = S::Ratio::AtLeast}, Steps{.ratio = S::Ratio::Argmax},
                               Steps{.one_u_for_every_test = true},
                               Steps{.draw = S::Draw::RejectedU}, Steps{.draw = S::Draw::Largest},
                               Steps{.rejected_kept = true}, Steps{.generator_copied = true}})
      all.push_back(alone);
    return all;
  }();
  return cached;
}

std::vector<Steps> single_slips() {
  static const std::vector<Steps> cached = one_slip_at_most(searched_steps(), [](const Steps& s) {
    const Steps right;
    return int(s.ratio != right.ratio) + int(s.residual != right.residual) +
           int(s.bonus != right.bonus) + int(s.one_u_for_every_test) + int(s.draw != right.draw) +
           int(s.rejected_kept) + int(s.generator_copied);
  });
  return cached;
}

std::optional<Steps> steps_with(const Case& c, const Called& called, bool Made::*pitfall) {
  const Rows rows = c.rows();
  const std::vector<double> u = c.uniforms();
  return explained_by(searched_steps(), pitfall, pitfalls_made, [&](const Steps& steps) {
    return same(called, replay(rows, c.drafts, u, steps));
  });
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

std::optional<Steps> explained_steps(const Case& c, const Called& called, bool Made::*pitfall) {
  if (called.changed || same(called, reference_replay(c))) return std::nullopt;
  return steps_with(c, called, pitfall);
}

Failure pitfall_failure(const Case& c, const Called& called, const std::string& message) {
  Failure f = *compare(c, called, "");
  f.message = message + " Here " + f.message;
  return f;
}

Outcome detect(uint64_t seed, const Spec& spec, const Steps& mistake, bool Made::*pitfall,
               const char* id, const std::function<std::string(const Case&, const Steps&)>& message,
               int cases) {
  // Not shrunk: the body draws cases until one shows the mistake (see the beam_search kata).
  return run_speculative_property(
      seed, cases, [&] { return confirmed_case(spec, mistake, pitfall, id, message); },
      /*shrink=*/false);
}

}  // namespace grader::kata_speculative_decoding
