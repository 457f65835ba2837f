#include "grader/katas/sampling/detect.hpp"

#include "grader/lib/confirmed.hpp"
#include "grader/lib/searched.hpp"

#include <algorithm>
#include <map>
#include <tuple>
#include <utility>

namespace grader::kata_sampling {

std::vector<Steps> searched_steps() {
  static const std::vector<Steps> cached = [] {
    using S = Steps;
    std::vector<Steps> all;
    for (const auto temperature :
         {S::Temperature::Logits, S::Temperature::Multiplied, S::Temperature::SoftmaxRenormalised,
          S::Temperature::SoftmaxResoftmaxed})
      for (const auto zero : {S::Zero::Greedy, S::Zero::GreedyLastOnTies, S::Zero::ClampTiny,
                              S::Zero::AsOne, S::Zero::GreedyDraws})
        for (const auto top_k : {S::TopK::TiesKept, S::TopK::Exactly, S::TopK::Strict})
          for (const auto from :
               {S::NucleusFrom::KeptScores, S::NucleusFrom::KeptLogits, S::NucleusFrom::AllScores})
            for (const auto nucleus : {S::Nucleus::Crossing, S::Nucleus::ExcludesCrossing,
                                       S::Nucleus::LeastProbable, S::Nucleus::IndexOrder})
              for (const auto renormalise :
                   {S::Renormalise::Kept, S::Renormalise::OverAll, S::Renormalise::OverTopK})
                for (const auto order : {S::Order::Index, S::Order::Sorted})
                  all.push_back({temperature, zero, top_k, from, nucleus, renormalise, order});
    // Note [every catalogued slip is searched]
    // The catalogue's other slips, alone: where one of them reproduces the draws, no pitfall is
    // claimed (a temperature divided twice drew as not_renormalized on seed 11, where the
    // nucleus kept two tokens). A test asserts every catalogue entry is searched.
    for (const Steps& alone :
         {Steps{.temperature = S::Temperature::Squared}, Steps{.top_k = S::TopK::OneMore},
          Steps{.top_k = S::TopK::Distinct}, Steps{.filters_ignored = true}})
      all.push_back(alone);
    return all;
  }();
  return cached;
}

std::optional<Steps> steps_with(const Case& c, const std::vector<int64_t>& tokens, int64_t draws,
                                bool Made::*pitfall) {
  // Many computations walk alike on one case (greedy's choices where the temperature is not 0,
  // the nucleus's where top_p is 1): each distinct walk is replayed once.
  const std::vector<double> x = c.logits.to(kt::Float64).contiguous().to_vector<double>();
  const std::vector<double> u = uniforms(c);
  std::map<std::tuple<std::vector<int64_t>, std::vector<double>, bool, int64_t>, bool> replayed;
  // Away from temperature 0 the way 0 is handled changes no walk: only the computations that are
  // greedy there are replayed (a fifth of them), each standing for its variants.
  static const std::vector<Steps> greedy_at_zero = [] {
    std::vector<Steps> kept;
    for (const Steps& s : searched_steps())
      if (s.zero == Steps::Zero::Greedy) kept.push_back(s);
    return kept;
  }();
  const std::vector<Steps>& searched = c.temperature == 0 ? searched_steps() : greedy_at_zero;
  return explained_by(searched, pitfall, pitfalls_made, [&](const Steps& steps) {
    const Walk walk = walk_with_steps(x, c.temperature, c.top_k, c.top_p, steps);
    const auto key = std::make_tuple(walk.order, walk.p, walk.draws, walk.fixed);
    auto found = replayed.find(key);
    if (found == replayed.end())
      found = replayed.emplace(key, explains(c, u, walk, tokens, draws)).first;
    return found->second;
  });
}

std::vector<Steps> single_slips() {
  static const std::vector<Steps> cached = one_slip_at_most(searched_steps(), [](const Steps& s) {
    const Steps right;
    return int(s.temperature != right.temperature) + int(s.zero != right.zero) +
           int(s.top_k != right.top_k) + int(s.nucleus_from != right.nucleus_from) +
           int(s.nucleus != right.nucleus) + int(s.renormalise != right.renormalise) +
           int(s.order != right.order) + int(s.filters_ignored);
  });
  return cached;
}

bool shows(const Case& c, const Steps& mistake, bool Made::*pitfall) {
  const std::vector<double> x = c.logits.to(kt::Float64).contiguous().to_vector<double>();
  const std::vector<double> u = uniforms(c);
  const auto tokens = [&](const Steps& s) {
    const Walk w = walk_with_steps(x, c.temperature, c.top_k, c.top_p, s);
    return std::make_pair(w.tokens(u), w.draws);
  };
  const auto made = tokens(mistake);
  // Tokens that never change (one kept token) are what many a wrong sampler returns.
  const auto& t = made.first;
  if (made.second && std::count(t.begin(), t.end(), t.front()) == long(t.size())) return false;
  for (const Steps& other : single_slips())
    if (!(pitfalls_made(other).*pitfall) && tokens(other) == made) return false;
  return true;
}

std::optional<Steps> explained_steps(const Case& c, const Called& called, bool Made::*pitfall) {
  if (called.changed || explains(c, reference_walk(c), called.tokens, called.draws))
    return std::nullopt;
  return steps_with(c, called.tokens, called.draws, pitfall);
}

Failure pitfall_failure(const Case& c, const Called& called, const std::string& message) {
  // An example: the first wrong draw, or (every token right: a clamped temperature 0 returns the
  // argmax) the draws counted.
  const int64_t at = first_difference(c, called.tokens);
  Failure f = failure(
      c, called.tokens,
      message + (at >= 0
                     ? " For instance, " + explain_draw(c, size_t(at), token_at(called.tokens, at))
                     : " Here " + draws_text(c, called.draws) + "."));
  if (at < 0) set_draws(f, c, called.draws);
  return f;
}

Outcome detect(uint64_t seed, const Spec& spec, const Steps& mistake, bool Made::*pitfall,
               const char* id, const std::function<std::string(const Case&, const Steps&)>& message,
               int cases) {
  return run_sampling_property(seed, cases,
                               [&] { return confirmed_case(spec, mistake, pitfall, id, message); });
}

}  // namespace grader::kata_sampling
