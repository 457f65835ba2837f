// expect: fail
// Wrong: the model's row is read through data<float>() / data<double>() as if its elements were
// adjacent, so a strided view (a column, a step-2 slice) is read at the wrong positions.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "beam_search.hpp"

namespace kata {

namespace {

// The model's values as float64, Float32 or Float64 alike.
std::vector<double> read_values(const kt::Tensor& t) {
  const int64_t n = t.numel();
  std::vector<double> out(static_cast<size_t>(n));
  if (t.dtype() == kt::Float32) {
    const float* d = t.data<float>();
    for (int64_t i = 0; i < n; ++i) out[i] = static_cast<double>(d[i]);
  } else {
    const double* d = t.data<double>();
    for (int64_t i = 0; i < n; ++i) out[i] = d[i];
  }
  return out;
}

struct Live {
  std::vector<int64_t> tokens;
  double log_prob = 0.0;
};

Hypothesis finish(const Live& h, double length_penalty) {
  Hypothesis out;
  out.tokens = h.tokens;
  out.log_prob = h.log_prob;
  out.score = h.log_prob / std::pow(static_cast<double>(h.tokens.size()), length_penalty);
  return out;
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

  std::vector<Live> live(1);
  std::vector<Hypothesis> finished;

  for (int64_t step = 0; step < max_new_tokens; ++step) {
    struct Candidate {
      size_t parent;
      int64_t token;
      double log_prob;
    };
    std::vector<Candidate> candidates;
    for (size_t h = 0; h < live.size(); ++h) {
      std::vector<int64_t> prefix{bos};
      prefix.insert(prefix.end(), live[h].tokens.begin(), live[h].tokens.end());
      const std::vector<double> values = read_values(model(prefix));
      for (size_t tok = 0; tok < values.size(); ++tok) {
        candidates.push_back({h, static_cast<int64_t>(tok), live[h].log_prob + values[tok]});
      }
    }
    std::stable_sort(
        candidates.begin(), candidates.end(),
        [](const Candidate& a, const Candidate& b) { return a.log_prob > b.log_prob; });

    std::vector<Live> next;
    for (const Candidate& c : candidates) {
      if (static_cast<int64_t>(next.size()) == beam_width) break;
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
