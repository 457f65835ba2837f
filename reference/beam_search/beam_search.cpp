#include "reference/beam_search/beam_search.hpp"

#include <algorithm>
#include <cmath>

namespace ref {

double beam_score(const Hypothesis& h, double length_penalty) {
  return h.log_prob / std::pow(double(h.tokens.size()), length_penalty);
}

bool ranks_before(const Hypothesis& a, const Hypothesis& b) {
  if (a.score != b.score) return a.score > b.score;
  if (a.log_prob != b.log_prob) return a.log_prob > b.log_prob;
  return a.tokens < b.tokens;
}

Search beam_search_steps(const NextValues& model, int64_t bos, int64_t eos, int64_t beam_width,
                         int64_t max_new_tokens, double length_penalty) {
  Search s;
  std::vector<Hypothesis> live(1);
  const auto finish = [&](Hypothesis h) {
    h.score = beam_score(h, length_penalty);
    s.finished.push_back(std::move(h));
  };
  for (int64_t step = 0; step < max_new_tokens && !live.empty(); ++step) {
    // Every extension, with its live hypothesis's index and its token for the ties.
    struct Candidate {
      size_t from;
      int64_t token;
      double log_prob;
    };
    std::vector<Candidate> candidates;
    for (size_t h = 0; h < live.size(); ++h) {
      std::vector<int64_t> prefix{bos};
      prefix.insert(prefix.end(), live[h].tokens.begin(), live[h].tokens.end());
      const std::vector<double> values = model(prefix);
      for (size_t t = 0; t < values.size(); ++t)
        candidates.push_back({h, int64_t(t), live[h].log_prob + values[t]});
    }
    std::stable_sort(
        candidates.begin(), candidates.end(),
        [](const Candidate& a, const Candidate& b) { return a.log_prob > b.log_prob; });
    Step out;
    for (const Candidate& c : candidates) {
      if (int64_t(out.live.size()) == beam_width) break;
      Hypothesis h;
      h.tokens = live[c.from].tokens;
      h.tokens.push_back(c.token);
      h.log_prob = c.log_prob;
      out.taken.push_back(h);
      if (c.token == eos) {
        finish(h);
      } else {
        out.live.push_back(h);
      }
    }
    live = out.live;
    s.steps.push_back(std::move(out));
    if (int64_t(s.finished.size()) >= beam_width) break;
  }
  for (const Hypothesis& h : live) finish(h);
  s.result = s.finished;
  std::stable_sort(s.result.begin(), s.result.end(), ranks_before);
  if (int64_t(s.result.size()) > beam_width) s.result.resize(size_t(beam_width));
  return s;
}

std::vector<Hypothesis> beam_search(const NextValues& model, int64_t bos, int64_t eos,
                                    int64_t beam_width, int64_t max_new_tokens,
                                    double length_penalty) {
  return beam_search_steps(model, bos, eos, beam_width, max_new_tokens, length_penalty).result;
}

}  // namespace ref
