// expect: fail
// expect-diagnosis: logits_changed
// Wrong, no named pitfall (written as an unseen suite would, round 50): the temperature is applied
// with work.copy_(work / temperature) on logits.to(kt::Float64), which is the caller's own tensor
// when the logits are already Float64, so each call divides the caller's logits again
// Sampling one token with temperature, top-k and top-p.
#include "sampling.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>
#include <vector>

namespace kata {

namespace {

// Softmax over the kept entries; the others get 0.
std::vector<double> softmax_kept(const std::vector<double>& scores, const std::vector<bool>& kept) {
  double mx = -INFINITY;
  for (size_t i = 0; i < scores.size(); ++i)
    if (kept[i]) mx = std::max(mx, scores[i]);
  std::vector<double> p(scores.size(), 0.0);
  double total = 0.0;
  for (size_t i = 0; i < scores.size(); ++i) {
    if (!kept[i]) continue;
    p[i] = std::exp(scores[i] - mx);
    total += p[i];
  }
  for (double& v : p) v /= total;
  return p;
}

}  // namespace

int64_t sample_token(const kt::Tensor& logits, double temperature, int64_t top_k, double top_p,
                     kt::Generator& gen) {
  if (!(temperature >= 0.0)) {
    throw kt::ValueError("sample_token: temperature must be >= 0, got " +
                         std::to_string(temperature));
  }
  if (top_k < 0)
    throw kt::ValueError("sample_token: top_k must be >= 0, got " + std::to_string(top_k));
  if (!(top_p > 0.0 && top_p <= 1.0)) {
    throw kt::ValueError("sample_token: top_p must be in (0, 1], got " + std::to_string(top_p));
  }

  kt::Tensor work = logits.to(kt::Float64);
  const int64_t V = work.numel();

  if (temperature == 0.0) {
    return kt::argmax(work, 0).to(kt::Int64).to_vector<int64_t>()[0];
  }

  // Scores = logits / temperature, scaled in place on the working copy.
  work.copy_(work / temperature);
  const std::vector<double> scores = work.to_vector<double>();
  std::vector<bool> kept(V, true);

  // Top-k: keep scores >= the k-th largest (ties kept).
  if (top_k > 0 && top_k < V) {
    std::vector<double> sorted = scores;
    std::sort(sorted.begin(), sorted.end(), std::greater<double>());
    const double kth = sorted[top_k - 1];
    for (int64_t i = 0; i < V; ++i) kept[i] = scores[i] >= kth;
  }

  // Top-p: the shortest prefix by decreasing p whose sum reaches top_p.
  if (top_p < 1.0) {
    const std::vector<double> p = softmax_kept(scores, kept);
    std::vector<int64_t> order;
    for (int64_t i = 0; i < V; ++i)
      if (kept[i]) order.push_back(i);
    std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) { return p[a] > p[b]; });
    std::vector<bool> nucleus(V, false);
    double cum = 0.0;
    for (int64_t i : order) {
      nucleus[i] = true;
      cum += p[i];
      if (cum >= top_p) break;
    }
    kept = nucleus;
  }

  // The draw.
  const std::vector<double> p = softmax_kept(scores, kept);
  const double u = gen.uniform();
  double cum = 0.0;
  int64_t last = -1;
  for (int64_t i = 0; i < V; ++i) {
    if (!kept[i]) continue;
    cum += p[i];
    last = i;
    if (cum > u) return i;
  }
  return last;
}

}  // namespace kata
