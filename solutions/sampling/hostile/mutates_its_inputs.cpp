// expect: fail
// expect-diagnosis: logits_changed
// Right tokens on the first call, but divides the logits by the temperature in place through a
// copy of the handle: the caller's logits change, and every later call scales them again.
#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>
#include <vector>

#include "sampling.hpp"

namespace kata {

namespace {

/// softmax of s over the kept tokens (the kept maximum taken out); 0 for the others.
std::vector<double> softmax_kept(const std::vector<double>& s, const std::vector<bool>& kept) {
  double m = -INFINITY;
  for (size_t i = 0; i < s.size(); ++i)
    if (kept[i]) m = std::max(m, s[i]);
  std::vector<double> p(s.size(), 0.0);
  double sum = 0;
  for (size_t i = 0; i < s.size(); ++i)
    if (kept[i]) sum += p[i] = std::exp(s[i] - m);
  for (double& x : p) x /= sum;
  return p;
}

}  // namespace

int64_t sample_token(const kt::Tensor& logits, double temperature, int64_t top_k, double top_p,
                     kt::Generator& gen) {
  if (!(temperature >= 0))
    throw kt::ValueError("temperature must be >= 0, got " + std::to_string(temperature));
  if (top_k < 0) throw kt::ValueError("top_k must be >= 0, got " + std::to_string(top_k));
  if (!(top_p > 0 && top_p <= 1))
    throw kt::ValueError("top_p must be in (0, 1], got " + std::to_string(top_p));
  // Scales the logits in place through a copy of the handle (which shares logits' storage).
  kt::Tensor scaled = logits;
  if (temperature > 0) scaled.copy_(logits / temperature);
  const std::vector<double> x = scaled.to(kt::Float64).contiguous().to_vector<double>();
  const size_t v = x.size();
  if (temperature == 0) return std::max_element(x.begin(), x.end()) - x.begin();  // first max

  const std::vector<double>& s = x;  // already scaled

  std::vector<bool> kept(v, true);
  if (top_k > 0 && size_t(top_k) < v) {
    std::vector<double> sorted = s;
    std::nth_element(sorted.begin(), sorted.begin() + (top_k - 1), sorted.end(), std::greater<>());
    const double kth = sorted[size_t(top_k - 1)];
    for (size_t i = 0; i < v; ++i) kept[i] = s[i] >= kth;
  }

  if (top_p < 1) {
    const std::vector<double> q = softmax_kept(s, kept);
    std::vector<size_t> order;
    for (size_t i = 0; i < v; ++i)
      if (kept[i]) order.push_back(i);
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return q[a] > q[b]; });
    double sum = 0;
    size_t n = 0;
    while (n < order.size() && sum < top_p) sum += q[order[n++]];
    for (size_t r = n; r < order.size(); ++r) kept[order[r]] = false;
  }

  const std::vector<double> p = softmax_kept(s, kept);
  const double u = gen.uniform();
  double running = 0;
  int64_t last = 0;
  for (size_t i = 0; i < v; ++i) {
    if (!kept[i]) continue;
    last = int64_t(i);
    running += p[i];
    if (running > u) return last;
  }
  return last;
}

}  // namespace kata
