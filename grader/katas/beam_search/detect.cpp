#include "grader/katas/beam_search/detect.hpp"

#include "grader/lib/confirmed.hpp"
#include "grader/lib/searched.hpp"

#include <algorithm>
#include <map>

namespace grader::kata_beam_search {

std::vector<Steps> searched_steps() {
  static const std::vector<Steps> cached = [] {
    using S = Steps;
    std::vector<Steps> all;
    for (const auto pool : {S::Pool::Global, S::Pool::PerBeam})
      for (const auto eos :
           {S::Eos::Finished, S::Eos::ExtendedAgain, S::Eos::KeptLive, S::Eos::TakesSlot})
        for (const auto score : {S::Score::Penalty, S::Score::LogProb, S::Score::CountsBos})
          for (const auto order : {S::Order::Score, S::Order::LogProb})
            for (const auto carry : {S::Carry::Sums, S::Carry::Products})
              for (const auto stop : {S::Stop::AtWidth, S::Stop::AboveWidth,
                                      S::Stop::AtFirstFinished, S::Stop::Never, S::Stop::AtBestEos})
                for (const bool copies : {false, true})
                  for (const bool live_finished : {true, false})
                    for (const bool with_bos : {false, true})
                      all.push_back(
                          {pool, eos, score, order, carry, stop, copies, live_finished, with_bos});
    // The penalty on the finished only, as a single slip: where no hypothesis returned ended with
    // eos it scores as no_length_penalty does, and that pitfall is not claimed there
    // (wrong/penalty_on_finished_only.cpp).
    all.push_back({.score = S::Score::FinishedOnly});
    // Note [every catalogued slip is searched] (sampling's detect.cpp): the catalogue's other
    // slips, alone.
    for (const Steps& alone : {Steps{.pool = S::Pool::PerBeamBest}, Steps{.carry = S::Carry::Last},
                               Steps{.order = S::Order::Found}, Steps{.one_step_more = true}})
      all.push_back(alone);
    return all;
  }();
  return cached;
}

std::vector<Steps> single_slips() {
  static const std::vector<Steps> cached = one_slip_at_most(searched_steps(), [](const Steps& s) {
    const Steps right;
    return int(s.pool != right.pool) + int(s.eos != right.eos) + int(s.score != right.score) +
           int(s.order != right.order) + int(s.carry != right.carry) + int(s.stop != right.stop) +
           int(s.start_with_copies != right.start_with_copies) +
           int(s.live_finished_at_stop != right.live_finished_at_stop) +
           int(s.tokens_with_bos != right.tokens_with_bos) + int(s.one_step_more);
  });
  return cached;
}

std::optional<Steps> steps_with(const Case& c, const std::vector<ref::Hypothesis>& hyps,
                                bool Made::*pitfall) {
  // Searches alike in the choices that change the search share one run of it; and a run none of
  // whose hypotheses is one the learner returned (bos taken off or not) is not scored 24 ways.
  struct Run {
    Core core;
    bool possible[2];  // without bos in the tokens, with
  };
  const auto holds = [&](const Core& core, bool with_bos) {
    for (const ref::Hypothesis& h : hyps) {
      std::vector<int64_t> t = h.tokens;
      if (with_bos) {
        if (t.empty() || t.front() != c.bos) return false;
        t.erase(t.begin());
      }
      const auto same = [&](const ref::Hypothesis& k) { return k.tokens == t; };
      if (std::none_of(core.finished.begin(), core.finished.end(), same) &&
          std::none_of(core.live.begin(), core.live.end(), same))
        return false;
    }
    return true;
  };
  std::map<decltype(Steps{}.core()), Run> runs;
  return explained_by(searched_steps(), pitfall, pitfalls_made, [&](const Steps& steps) {
    auto run = runs.find(steps.core());
    if (run == runs.end()) {
      Run r{search_core(c.values(), c.bos, c.eos, c.beam_width, c.max_new_tokens, steps), {}};
      r.possible[0] = holds(r.core, false);
      r.possible[1] = holds(r.core, true);
      run = runs.emplace(steps.core(), std::move(r)).first;
    }
    return run->second.possible[steps.tokens_with_bos ? 1 : 0] &&
           same_result(result_of(run->second.core, c.bos, c.beam_width, c.length_penalty, steps),
                       hyps);
  });
}

bool shows(const Case& c, const Steps& mistake, bool Made::*pitfall) {
  const std::vector<ref::Hypothesis> made = simulate(c, mistake);
  for (const Steps& other : single_slips())
    if (!(pitfalls_made(other).*pitfall) && same_result(simulate(c, other), made)) return false;
  return true;
}

std::optional<Steps> explained_steps(const Case& c, const Called& called, bool Made::*pitfall) {
  if (called.changed || same_result(c.reference().result, called.hyps)) return std::nullopt;
  return steps_with(c, called.hyps, pitfall);
}

Failure pitfall_failure(const Case& c, const Called& called, const std::string& message) {
  return wrong_result(c, called, message, "");
}

Outcome detect(uint64_t seed, const Spec& spec, const Steps& mistake, bool Made::*pitfall,
               const char* id, const std::function<std::string(const Case&, const Steps&)>& message,
               int cases) {
  // Not shrunk: the body draws cases until one shows the mistake, and a shrink would re-run it
  // hundreds of times (1.4 s of a detector's CPU) for a case no easier to read.
  return run_beam_property(
      seed, cases, [&] { return confirmed_case(spec, mistake, pitfall, id, message); },
      /*shrink=*/false);
}

}  // namespace grader::kata_beam_search
