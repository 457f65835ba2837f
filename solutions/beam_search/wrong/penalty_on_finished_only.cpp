// expect: fail
// expect-diagnosis: penalty_on_finished_only
// The length penalty divides the scores of the hypotheses that ended with eos only: those still
// live at max_new_tokens are ranked by their plain log_prob.
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
      (c.token == eos ? finished : next).push_back(std::move(h));
    }
    live = std::move(next);
    if (int64_t(finished.size()) >= beam_width) break;
  }
  // The length penalty given to the hypotheses that ended with eos; the live ones keep their
  // log_prob as their score.
  for (Hypothesis& h : finished)
    h.score = h.log_prob / std::pow(double(h.tokens.size()), length_penalty);
  for (Hypothesis& h : live) h.score = h.log_prob;
  finished.insert(finished.end(), live.begin(), live.end());
  std::stable_sort(finished.begin(), finished.end(), [](const Hypothesis& a, const Hypothesis& b) {
    if (a.score != b.score) return a.score > b.score;
    if (a.log_prob != b.log_prob) return a.log_prob > b.log_prob;
    return a.tokens < b.tokens;
  });
  if (int64_t(finished.size()) > beam_width) finished.resize(size_t(beam_width));
  return finished;
}

}  // namespace kata
