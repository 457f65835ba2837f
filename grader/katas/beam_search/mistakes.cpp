#include "grader/katas/beam_search/mistakes.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

namespace grader::kata_beam_search {

Made pitfalls_made(const Steps& s) {
  return {.per_beam_top_k = s.pool == Steps::Pool::PerBeam,
          .finished_beams_extended = s.eos == Steps::Eos::ExtendedAgain,
          .no_length_penalty = s.score == Steps::Score::LogProb,
          .eos_kept_live = s.eos == Steps::Eos::KeptLive,
          .probabilities_multiplied = s.carry == Steps::Carry::Products};
}

namespace {

struct Hyp {
  std::vector<int64_t> tokens;
  double sum = 0.0;      // running sum of the values
  double product = 1.0;  // running product of exp(value)
};

struct Candidate {
  size_t from;    // the live hypothesis extended
  int64_t token;  // -1: a live eos hypothesis carried over (KeptLive)
  Hyp hyp;
};

}  // namespace

Core search_core(const ref::NextValues& model, int64_t bos, int64_t eos, int64_t beam_width,
                 int64_t max_new_tokens, const Steps& s) {
  const bool products = s.carry == Steps::Carry::Products;
  const auto key = [&](const Hyp& h) { return products ? h.product : h.sum; };
  const auto by_key = [&](const Candidate& a, const Candidate& b) {
    return key(a.hyp) > key(b.hyp);
  };
  const auto ends_in_eos = [&](const Hyp& h) {
    return !h.tokens.empty() && h.tokens.back() == eos;
  };
  const auto stops = [&](size_t finished, bool best_is_eos) {
    switch (s.stop) {
      case Steps::Stop::AtWidth:
        return int64_t(finished) >= beam_width;
      case Steps::Stop::AboveWidth:
        return int64_t(finished) > beam_width;
      case Steps::Stop::AtFirstFinished:
        return finished > 0;
      case Steps::Stop::Never:
        return false;
      case Steps::Stop::AtBestEos:
        return best_is_eos;
    }
    return false;
  };
  std::vector<Hyp> live(s.start_with_copies ? size_t(beam_width) : 1), finished;
  const int64_t most = max_new_tokens + (s.one_step_more ? 1 : 0);
  for (int64_t step = 0; step < most && !live.empty(); ++step) {
    std::vector<Candidate> pool;
    for (size_t i = 0; i < live.size(); ++i) {
      if (s.eos == Steps::Eos::KeptLive && ends_in_eos(live[i])) {
        pool.push_back({i, -1, live[i]});
        continue;
      }
      std::vector<int64_t> prefix{bos};
      prefix.insert(prefix.end(), live[i].tokens.begin(), live[i].tokens.end());
      const std::vector<double> values = model(prefix);
      std::vector<Candidate> own;
      for (size_t t = 0; t < values.size(); ++t) {
        Candidate c{i, int64_t(t), live[i]};
        c.hyp.tokens.push_back(int64_t(t));
        c.hyp.sum = (s.carry == Steps::Carry::Last ? 0.0 : c.hyp.sum) + values[t];
        c.hyp.product *= std::exp(values[t]);
        own.push_back(std::move(c));
      }
      if (s.pool == Steps::Pool::PerBeam) {
        std::stable_sort(own.begin(), own.end(), by_key);
        if (int64_t(own.size()) > beam_width) own.resize(size_t(beam_width));
        std::stable_sort(own.begin(), own.end(),
                         [](const Candidate& a, const Candidate& b) { return a.token < b.token; });
      }
      if (s.pool == Steps::Pool::PerBeamBest) {
        std::stable_sort(own.begin(), own.end(), by_key);
        own.resize(1);
      }
      for (Candidate& c : own) pool.push_back(std::move(c));
    }
    std::stable_sort(pool.begin(), pool.end(), by_key);
    std::vector<Hyp> next;
    int64_t taken = 0, slots = 0;
    for (const Candidate& c : pool) {
      if (s.eos == Steps::Eos::KeptLive || s.eos == Steps::Eos::TakesSlot) {
        if (taken == beam_width) break;
        ++taken;
        if (s.eos == Steps::Eos::TakesSlot && ends_in_eos(c.hyp)) {
          finished.push_back(c.hyp);
        } else {
          next.push_back(c.hyp);
        }
        continue;
      }
      if (slots == beam_width) break;
      if (c.token == eos) {
        finished.push_back(c.hyp);
        if (s.eos == Steps::Eos::ExtendedAgain) next.push_back(c.hyp);
      } else {
        next.push_back(c.hyp);
        ++slots;
      }
    }
    live = std::move(next);
    if (stops(finished.size(), !pool.empty() && pool.front().token == eos)) break;
  }
  Core core;
  const auto out = [&](const Hyp& h) {
    ref::Hypothesis r;
    r.tokens = h.tokens;
    r.log_prob = products ? std::log(h.product) : h.sum;
    return r;
  };
  for (const Hyp& h : finished) core.finished.push_back(out(h));
  for (const Hyp& h : live) core.live.push_back(out(h));
  return core;
}

std::vector<ref::Hypothesis> result_of(const Core& core, int64_t bos, int64_t beam_width,
                                       double length_penalty, const Steps& s) {
  std::vector<ref::Hypothesis> out = core.finished;
  if (s.live_finished_at_stop) out.insert(out.end(), core.live.begin(), core.live.end());
  for (size_t i = 0; i < out.size(); ++i) {
    ref::Hypothesis& r = out[i];
    const double n = double(r.tokens.size()) + (s.score == Steps::Score::CountsBos ? 1 : 0);
    const bool live = i >= core.finished.size();
    r.score = s.score == Steps::Score::LogProb || (s.score == Steps::Score::FinishedOnly && live)
                  ? r.log_prob
                  : r.log_prob / std::pow(n, length_penalty);
  }
  if (s.order == Steps::Order::Score) {
    std::stable_sort(out.begin(), out.end(), ref::ranks_before);
  } else if (s.order == Steps::Order::LogProb) {
    std::stable_sort(out.begin(), out.end(),
                     [](const ref::Hypothesis& a, const ref::Hypothesis& b) {
                       if (a.log_prob != b.log_prob) return a.log_prob > b.log_prob;
                       return a.tokens < b.tokens;
                     });
  }
  if (int64_t(out.size()) > beam_width) out.resize(size_t(beam_width));
  if (s.tokens_with_bos)
    for (ref::Hypothesis& h : out) h.tokens.insert(h.tokens.begin(), bos);
  return out;
}

std::vector<ref::Hypothesis> search_with_steps(const ref::NextValues& model, int64_t bos,
                                               int64_t eos, int64_t beam_width,
                                               int64_t max_new_tokens, double length_penalty,
                                               const Steps& steps) {
  return result_of(search_core(model, bos, eos, beam_width, max_new_tokens, steps), bos, beam_width,
                   length_penalty, steps);
}

}  // namespace grader::kata_beam_search
