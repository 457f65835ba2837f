// expect: pass
// Accepted: no sort of the candidates: each step picks them one at a time by a linear scan for the
// largest log_prob not yet taken (the first in build order wins a tie), stopping at beam_width live
// ones.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "beam_search.hpp"

namespace kata {

namespace {

struct Live {
  std::vector<int64_t> tokens;
  double log_prob = 0.0;
};

struct Candidate {
  size_t parent;
  int64_t token;
  double log_prob;
};

Hypothesis finish(const Live& h, double length_penalty) {
  Hypothesis out;
  out.tokens = h.tokens;
  out.log_prob = h.log_prob;
  out.score = h.log_prob / std::pow(static_cast<double>(h.tokens.size()), length_penalty);
  return out;
}

// The index of the untaken candidate with the largest log_prob; candidates are built by live
// hypothesis then token id, so the strict > keeps the earliest of equals (the statement's tie
// order). -1 when all are taken.
int64_t best_untaken(const std::vector<Candidate>& candidates, const std::vector<bool>& taken) {
  int64_t best = -1;
  for (size_t i = 0; i < candidates.size(); ++i) {
    if (taken[i]) continue;
    if (best < 0 || candidates[i].log_prob > candidates[static_cast<size_t>(best)].log_prob) {
      best = static_cast<int64_t>(i);
    }
  }
  return best;
}

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

  std::vector<Live> live(1);  // one live hypothesis with no tokens
  std::vector<Hypothesis> finished;

  for (int64_t step = 0; step < max_new_tokens; ++step) {
    std::vector<Candidate> candidates;
    for (size_t h = 0; h < live.size(); ++h) {
      std::vector<int64_t> prefix{bos};
      prefix.insert(prefix.end(), live[h].tokens.begin(), live[h].tokens.end());
      // Any dtype, any layout: converted (a copy when not Float64) and read in logical order.
      const std::vector<double> values = model(prefix).to(kt::Float64).to_vector<double>();
      for (size_t tok = 0; tok < values.size(); ++tok) {
        candidates.push_back({h, static_cast<int64_t>(tok), live[h].log_prob + values[tok]});
      }
    }

    std::vector<bool> taken(candidates.size(), false);
    std::vector<Live> next;
    while (static_cast<int64_t>(next.size()) < beam_width) {
      const int64_t pick = best_untaken(candidates, taken);
      if (pick < 0) break;  // every candidate taken
      taken[static_cast<size_t>(pick)] = true;
      const Candidate& c = candidates[static_cast<size_t>(pick)];
      Live extended;
      extended.tokens = live[c.parent].tokens;
      extended.tokens.push_back(c.token);
      extended.log_prob = c.log_prob;
      if (c.token == eos) {
        finished.push_back(finish(extended, length_penalty));
      } else {
        next.push_back(std::move(extended));
      }
    }
    live = std::move(next);
    if (static_cast<int64_t>(finished.size()) >= beam_width || live.empty()) break;
  }
  for (const Live& h : live) finished.push_back(finish(h, length_penalty));

  std::stable_sort(finished.begin(), finished.end(), [](const Hypothesis& a, const Hypothesis& b) {
    if (a.score != b.score) return a.score > b.score;
    if (a.log_prob != b.log_prob) return a.log_prob > b.log_prob;
    return a.tokens < b.tokens;
  });
  if (static_cast<int64_t>(finished.size()) > beam_width) finished.resize(beam_width);
  return finished;
}

}  // namespace kata
