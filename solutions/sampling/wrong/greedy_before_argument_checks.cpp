// expect: fail
// Wrong, no named pitfall (written blind, round 52): the greedy return at temperature 0 before the
// argument checks: a bad top_k or top_p at temperature 0 returns a token.
#include "sampling.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <string>
#include <vector>

namespace kata {

namespace {

// Softmax over the kept entries; the others get 0.
std::vector<double> softmax_kept(const std::vector<double>& scores, const std::vector<bool>& kept) {
  double max_score = -std::numeric_limits<double>::infinity();
  for (size_t i = 0; i < scores.size(); ++i) {
    if (kept[i]) max_score = std::max(max_score, scores[i]);
  }
  std::vector<double> p(scores.size(), 0.0);
  double total = 0.0;
  for (size_t i = 0; i < scores.size(); ++i) {
    if (kept[i]) {
      p[i] = std::exp(scores[i] - max_score);
      total += p[i];
    }
  }
  for (double& v : p) v /= total;
  return p;
}

}  // namespace

int64_t sample_token(const kt::Tensor& logits, double temperature, int64_t top_k, double top_p,
                     kt::Generator& gen) {
  if (temperature == 0.0) {
    return static_cast<int64_t>(kt::argmax(logits, 0).item());
  }
  if (!(temperature >= 0.0)) {
    throw kt::ValueError("sample_token: temperature must be >= 0, got " +
                         std::to_string(temperature));
  }
  if (top_k < 0) {
    throw kt::ValueError("sample_token: top_k must be >= 0, got " + std::to_string(top_k));
  }
  if (!(top_p > 0.0 && top_p <= 1.0)) {
    throw kt::ValueError("sample_token: top_p must be in (0, 1], got " + std::to_string(top_p));
  }

  const std::vector<double> raw = logits.to(kt::Float64).to_vector<double>();
  const int64_t V = static_cast<int64_t>(raw.size());
  std::vector<double> scores(raw.size());
  for (size_t i = 0; i < raw.size(); ++i) scores[i] = raw[i] / temperature;

  std::vector<bool> kept(raw.size(), true);

  if (top_k > 0 && top_k < V) {
    std::vector<double> sorted = scores;
    std::sort(sorted.begin(), sorted.end(), std::greater<double>());
    const double kth = sorted[static_cast<size_t>(top_k - 1)];
    for (size_t i = 0; i < scores.size(); ++i) kept[i] = scores[i] >= kth;
  }

  if (top_p < 1.0) {
    const std::vector<double> p = softmax_kept(scores, kept);
    std::vector<int64_t> order;
    for (int64_t i = 0; i < V; ++i) {
      if (kept[static_cast<size_t>(i)]) order.push_back(i);
    }
    std::stable_sort(order.begin(), order.end(),
                     [&](int64_t a, int64_t b) { return p[size_t(a)] > p[size_t(b)]; });
    std::vector<bool> nucleus(raw.size(), false);
    double cumulative = 0.0;
    for (int64_t i : order) {
      nucleus[static_cast<size_t>(i)] = true;
      cumulative += p[static_cast<size_t>(i)];
      if (cumulative >= top_p) break;
    }
    kept = nucleus;
  }

  const std::vector<double> p = softmax_kept(scores, kept);
  const double u = gen.uniform();
  double running = 0.0;
  int64_t last = -1;
  for (int64_t i = 0; i < V; ++i) {
    if (!kept[static_cast<size_t>(i)]) continue;
    last = i;
    running += p[static_cast<size_t>(i)];
    if (running > u) return i;
  }
  return last;
}

}  // namespace kata
