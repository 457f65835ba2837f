// expect: fail
// Wrong: top-k finds its threshold with std::nth_element on the scores vector itself, which
// reorders it, and the later steps keep reading that vector as if score i were still token i's.
#include <algorithm>
#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "sampling.hpp"

namespace kata {

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
    throw kt::ValueError("sample_token: top_p must be in (0, 1], got " + std::to_string(top_p));
  }

  const std::vector<double> values = logits.to(kt::Float64).to_vector<double>();
  const int64_t V = static_cast<int64_t>(values.size());

  if (temperature == 0.0) {  // greedy: the first maximum, no draw
    return std::max_element(values.begin(), values.end()) - values.begin();
  }

  std::vector<double> scores(V);
  for (int64_t i = 0; i < V; ++i) scores[i] = values[i] / temperature;
  std::vector<bool> kept(V, true);

  // Top-k: keep the scores >= the k-th largest (ties with it kept).
  if (top_k > 0 && top_k < V) {
    std::nth_element(scores.begin(), scores.begin() + (top_k - 1), scores.end(),
                     std::greater<double>());
    const double threshold = scores[top_k - 1];
    for (int64_t i = 0; i < V; ++i) kept[i] = scores[i] >= threshold;
  }

  // The softmax over the kept scores.
  const auto kept_probabilities = [&]() {
    double m = -INFINITY;
    for (int64_t i = 0; i < V; ++i)
      if (kept[i]) m = std::max(m, scores[i]);
    std::vector<double> p(V, 0.0);
    double total = 0.0;
    for (int64_t i = 0; i < V; ++i) {
      if (kept[i]) {
        p[i] = std::exp(scores[i] - m);
        total += p[i];
      }
    }
    for (int64_t i = 0; i < V; ++i) p[i] /= total;
    return p;
  };

  // Top-p: the shortest prefix, by decreasing p (lower index first), whose sum reaches top_p.
  if (top_p < 1.0) {
    const std::vector<double> p = kept_probabilities();
    std::vector<int64_t> order;
    for (int64_t i = 0; i < V; ++i)
      if (kept[i]) order.push_back(i);
    std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) { return p[a] > p[b]; });
    double cumulative = 0.0;
    size_t r = 0;
    for (; r < order.size(); ++r) {
      cumulative += p[order[r]];
      if (cumulative >= top_p) break;
    }
    for (size_t j = r + 1; j < order.size(); ++j) kept[order[j]] = false;
  }

  // The draw: one u, the first kept token whose running sum exceeds it.
  const std::vector<double> p = kept_probabilities();
  const double u = gen.uniform();
  double cumulative = 0.0;
  int64_t last = -1;
  for (int64_t i = 0; i < V; ++i) {
    if (!kept[i]) continue;
    cumulative += p[i];
    last = i;
    if (cumulative > u) return i;
  }
  return last;
}

}  // namespace kata
