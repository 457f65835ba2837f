// expect: fail
// Wrong, no named pitfall (written blind, round 51): the early stop compares the hypotheses
// finished in this step only with beam_width, not all those finished so far.
#include "beam_search.hpp"

#include <algorithm>
#include <cmath>
#include <string>

namespace kata {

namespace {

struct Live {
  std::vector<int64_t> tokens;
  double log_prob = 0.0;
};

struct Candidate {
  std::size_t hyp;
  int64_t token;
  double log_prob;
};

}  // namespace

std::vector<Hypothesis> beam_search(const NextLogProbs& model, int64_t bos, int64_t eos,
                                    int64_t beam_width, int64_t max_new_tokens,
                                    double length_penalty) {
  if (beam_width < 1) {
    throw kt::ValueError("beam_search: beam_width must be >= 1, got " + std::to_string(beam_width));
  }
  if (max_new_tokens < 1) {
    throw kt::ValueError("beam_search: max_new_tokens must be >= 1, got " +
                         std::to_string(max_new_tokens));
  }

  std::vector<Hypothesis> finished;
  const auto finish = [&](const Live& h) {
    Hypothesis done;
    done.tokens = h.tokens;
    done.log_prob = h.log_prob;
    done.score = h.log_prob / std::pow(static_cast<double>(h.tokens.size()), length_penalty);
    finished.push_back(std::move(done));
  };

  std::vector<Live> live(1);
  for (int64_t step = 0; step < max_new_tokens; ++step) {
    std::vector<Candidate> candidates;
    for (std::size_t i = 0; i < live.size(); ++i) {
      std::vector<int64_t> prefix{bos};
      prefix.insert(prefix.end(), live[i].tokens.begin(), live[i].tokens.end());
      const std::vector<double> values = model(prefix).to(kt::Float64).to_vector<double>();
      for (std::size_t tok = 0; tok < values.size(); ++tok) {
        candidates.push_back({i, static_cast<int64_t>(tok), live[i].log_prob + values[tok]});
      }
    }
    std::stable_sort(
        candidates.begin(), candidates.end(),
        [](const Candidate& a, const Candidate& b) { return a.log_prob > b.log_prob; });

    std::vector<Live> next;
    int64_t finished_now = 0;
    for (const Candidate& c : candidates) {
      if (static_cast<int64_t>(next.size()) == beam_width) break;
      Live h{live[c.hyp].tokens, c.log_prob};
      h.tokens.push_back(c.token);
      if (c.token == eos) {
        finish(h);
        ++finished_now;
      } else {
        next.push_back(std::move(h));
      }
    }
    live = std::move(next);
    if (finished_now >= beam_width || live.empty()) break;
  }
  for (const Live& h : live) finish(h);

  std::stable_sort(finished.begin(), finished.end(), [](const Hypothesis& a, const Hypothesis& b) {
    if (a.score != b.score) return a.score > b.score;
    if (a.log_prob != b.log_prob) return a.log_prob > b.log_prob;
    return a.tokens < b.tokens;
  });
  if (static_cast<int64_t>(finished.size()) > beam_width) finished.resize(beam_width);
  return finished;
}

}  // namespace kata
