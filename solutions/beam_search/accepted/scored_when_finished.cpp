// expect: pass
// Each hypothesis scored when it finishes with eos, and the live ones left at the stop scored
// the same way before they join the finished.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "beam_search.hpp"

namespace kata {

std::vector<Hypothesis> beam_search(const NextLogProbs& model, int64_t bos, int64_t eos,
                                    int64_t beam_width, int64_t max_new_tokens,
                                    double length_penalty) {
  if (beam_width < 1)
    throw kt::ValueError("beam_width must be >= 1, got " + std::to_string(beam_width));
  if (max_new_tokens < 1)
    throw kt::ValueError("max_new_tokens must be >= 1, got " + std::to_string(max_new_tokens));
  struct Candidate {
    double log_prob;
    size_t from;
    int64_t token;
  };
  std::vector<Hypothesis> live(1), finished;
  for (int64_t step = 0; step < max_new_tokens && !live.empty(); ++step) {
    std::vector<Candidate> candidates;
    for (size_t h = 0; h < live.size(); ++h) {
      std::vector<int64_t> prefix{bos};
      prefix.insert(prefix.end(), live[h].tokens.begin(), live[h].tokens.end());
      const std::vector<double> values =
          model(prefix).to(kt::Float64).contiguous().to_vector<double>();
      for (size_t t = 0; t < values.size(); ++t)
        candidates.push_back({live[h].log_prob + values[t], h, int64_t(t)});
    }
    std::stable_sort(
        candidates.begin(), candidates.end(),
        [](const Candidate& a, const Candidate& b) { return a.log_prob > b.log_prob; });
    std::vector<Hypothesis> next;
    for (const Candidate& c : candidates) {
      if (int64_t(next.size()) == beam_width) break;
      Hypothesis h{live[c.from].tokens, c.log_prob, 0.0};
      h.tokens.push_back(c.token);
      if (c.token == eos) {
        // Scored as it finishes: its length is final.
        h.score = h.log_prob / std::pow(double(h.tokens.size()), length_penalty);
        finished.push_back(std::move(h));
      } else {
        next.push_back(std::move(h));
      }
    }
    live = std::move(next);
    if (int64_t(finished.size()) >= beam_width) break;
  }
  // The live ones left at the stop, scored the same way.
  for (Hypothesis& h : live) {
    h.score = h.log_prob / std::pow(double(h.tokens.size()), length_penalty);
    finished.push_back(h);
  }
  std::stable_sort(finished.begin(), finished.end(), [](const Hypothesis& a, const Hypothesis& b) {
    if (a.score != b.score) return a.score > b.score;
    if (a.log_prob != b.log_prob) return a.log_prob > b.log_prob;
    return a.tokens < b.tokens;
  });
  if (int64_t(finished.size()) > beam_width) finished.resize(size_t(beam_width));
  return finished;
}

}  // namespace kata
