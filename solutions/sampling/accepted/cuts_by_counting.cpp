// expect: pass
// Accepted: no sorting at all: top-k keeps a token when fewer than top_k scores are strictly larger
// than its own, and top-p keeps a token when the probability ranked before it (larger p, or equal p
// at a lower index) sums to less than top_p.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "sampling.hpp"

namespace kata {

namespace {

// The softmax of the kept scores (0 for the others), the kept maximum taken out first.
std::vector<double> softmax_of_kept(const std::vector<double>& scores,
                                    const std::vector<bool>& kept) {
  const size_t n = scores.size();
  double m = -INFINITY;
  for (size_t i = 0; i < n; ++i)
    if (kept[i]) m = std::max(m, scores[i]);
  std::vector<double> p(n, 0.0);
  double total = 0.0;
  for (size_t i = 0; i < n; ++i) {
    if (kept[i]) {
      p[i] = std::exp(scores[i] - m);
      total += p[i];
    }
  }
  for (size_t i = 0; i < n; ++i) p[i] /= total;
  return p;
}

}  // namespace

int64_t sample_token(const kt::Tensor& logits, double temperature, int64_t top_k, double top_p,
                     kt::Generator& gen) {
  if (!(temperature >= 0.0)) {
    throw kt::ValueError("sample_token: temperature must be >= 0, got " +
                         std::to_string(temperature));
  }
  if (top_k < 0) {
    throw kt::ValueError("sample_token: top_k must be >= 0, got " + std::to_string(top_k));
  }
  if (!(top_p > 0.0 && top_p <= 1.0)) {
    throw kt::ValueError("sample_token: top_p must satisfy 0 < top_p <= 1, got " +
                         std::to_string(top_p));
  }

  const std::vector<double> values = logits.to(kt::Float64).to_vector<double>();
  const size_t V = values.size();

  if (temperature == 0.0) {  // greedy: the first index of the largest logit, nothing drawn
    size_t best = 0;
    for (size_t i = 1; i < V; ++i)
      if (values[i] > values[best]) best = i;
    return static_cast<int64_t>(best);
  }

  std::vector<double> scores(V);
  for (size_t i = 0; i < V; ++i) scores[i] = values[i] / temperature;
  std::vector<bool> kept(V, true);

  // Top-k. A score s is >= the k-th largest (counting repeats) exactly when fewer than k scores
  // are strictly above s. With top_k >= V every count (at most V - 1) is below top_k.
  if (top_k > 0) {
    for (size_t i = 0; i < V; ++i) {
      int64_t larger = 0;
      for (size_t j = 0; j < V; ++j)
        if (scores[j] > scores[i]) ++larger;
      kept[i] = larger < top_k;
    }
  }

  // Top-p. In the order by decreasing p (lower index first on ties), a token is in the shortest
  // prefix reaching top_p exactly when the tokens before it sum to less than top_p.
  if (top_p < 1.0) {
    const std::vector<double> p = softmax_of_kept(scores, kept);
    std::vector<bool> in_nucleus(V, false);
    for (size_t i = 0; i < V; ++i) {
      if (!kept[i]) continue;
      double before = 0.0;
      for (size_t j = 0; j < V; ++j) {
        if (kept[j] && (p[j] > p[i] || (p[j] == p[i] && j < i))) before += p[j];
      }
      in_nucleus[i] = before < top_p;
    }
    kept = in_nucleus;
  }

  // The draw over the tokens still kept, renormalised.
  const std::vector<double> p = softmax_of_kept(scores, kept);
  const double u = gen.uniform();
  double running = 0.0;
  size_t last = 0;
  for (size_t i = 0; i < V; ++i) {
    if (!kept[i]) continue;
    running += p[i];
    last = i;
    if (running > u) return static_cast<int64_t>(i);
  }
  return static_cast<int64_t>(last);
}

}  // namespace kata
