// expect: fail
// Wrong, no named pitfall (written blind, round 52): the search stops when finished.size() ==
// beam_width: a step that takes the count past beam_width does not stop it.
#include "beam_search.hpp"

#include <algorithm>
#include <cmath>
#include <string>

namespace kata {

namespace {

struct Candidate {
  double log_prob;
  size_t parent;
  int64_t token;
};

struct Live {
  std::vector<int64_t> tokens;
  double log_prob = 0.0;
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

  std::vector<Live> live(1);
  std::vector<Hypothesis> finished;
  const size_t width = static_cast<size_t>(beam_width);

  for (int64_t step = 0; step < max_new_tokens; ++step) {
    std::vector<Candidate> candidates;
    for (size_t h = 0; h < live.size(); ++h) {
      std::vector<int64_t> prefix;
      prefix.reserve(live[h].tokens.size() + 1);
      prefix.push_back(bos);
      prefix.insert(prefix.end(), live[h].tokens.begin(), live[h].tokens.end());
      const std::vector<double> values = model(prefix).to(kt::Float64).to_vector<double>();
      for (size_t v = 0; v < values.size(); ++v) {
        candidates.push_back({live[h].log_prob + values[v], h, static_cast<int64_t>(v)});
      }
    }
    std::stable_sort(
        candidates.begin(), candidates.end(),
        [](const Candidate& a, const Candidate& b) { return a.log_prob > b.log_prob; });

    std::vector<Live> next;
    for (const Candidate& c : candidates) {
      if (next.size() == width) break;
      std::vector<int64_t> tokens = live[c.parent].tokens;
      tokens.push_back(c.token);
      if (c.token == eos) {
        finished.push_back({std::move(tokens), c.log_prob, 0.0});
      } else {
        next.push_back({std::move(tokens), c.log_prob});
      }
    }
    live = std::move(next);

    if (finished.size() == width || live.empty()) break;
  }

  for (Live& l : live) finished.push_back({std::move(l.tokens), l.log_prob, 0.0});

  for (Hypothesis& h : finished) {
    h.score = h.log_prob / std::pow(static_cast<double>(h.tokens.size()), length_penalty);
  }
  std::stable_sort(finished.begin(), finished.end(), [](const Hypothesis& a, const Hypothesis& b) {
    if (a.score != b.score) return a.score > b.score;
    if (a.log_prob != b.log_prob) return a.log_prob > b.log_prob;
    return a.tokens < b.tokens;
  });
  if (finished.size() > width) finished.resize(width);
  return finished;
}

}  // namespace kata
