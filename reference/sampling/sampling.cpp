#include "reference/sampling/sampling.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace ref {
namespace {

/// p = softmax of the scores over the kept tokens, the kept maximum taken out; 0 elsewhere.
std::vector<double> softmax_over(const std::vector<double>& s, const std::vector<bool>& kept) {
  double m = -INFINITY;
  for (size_t i = 0; i < s.size(); ++i)
    if (kept[i]) m = std::max(m, s[i]);
  std::vector<double> p(s.size(), 0.0);
  double sum = 0;
  for (size_t i = 0; i < s.size(); ++i)
    if (kept[i]) sum += p[i] = std::exp(s[i] - m);
  for (double& v : p) v /= sum;
  return p;
}

}  // namespace

Distribution sampling_distribution(const kt::Tensor& logits, double temperature, int64_t top_k,
                                   double top_p) {
  const std::vector<double> x = logits.to(kt::Float64).contiguous().to_vector<double>();
  const size_t v = x.size();
  Distribution d{std::vector<bool>(v, false), std::vector<double>(v, 0.0)};
  if (temperature == 0) {
    const size_t greedy = size_t(std::max_element(x.begin(), x.end()) - x.begin());  // first max
    d.kept[greedy] = true;
    d.p[greedy] = 1.0;
    return d;
  }
  std::vector<double> s(v);
  for (size_t i = 0; i < v; ++i) s[i] = x[i] / temperature;
  // Top-k: the k-th largest score counting repeats; every score >= it is kept.
  d.kept.assign(v, true);
  if (top_k > 0 && size_t(top_k) < v) {
    std::vector<double> sorted = s;
    std::sort(sorted.begin(), sorted.end(), std::greater<>());
    const double kth = sorted[size_t(top_k) - 1];
    for (size_t i = 0; i < v; ++i) d.kept[i] = s[i] >= kth;
  }
  // Top-p: the kept tokens by p descending, lower index first on ties; the shortest prefix whose
  // sum reaches top_p, the crossing token included.
  if (top_p < 1) {
    const std::vector<double> q = softmax_over(s, d.kept);
    std::vector<size_t> order;
    for (size_t i = 0; i < v; ++i)
      if (d.kept[i]) order.push_back(i);
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return q[a] > q[b]; });
    double sum = 0;
    size_t taken = 0;
    while (taken < order.size() && (taken == 0 || sum < top_p)) sum += q[order[taken++]];
    for (size_t r = taken; r < order.size(); ++r) d.kept[order[r]] = false;
  }
  d.p = softmax_over(s, d.kept);
  return d;
}

int64_t pick(const Distribution& d, double u) {
  double running = 0;
  int64_t last = -1;
  for (size_t i = 0; i < d.p.size(); ++i) {
    if (!d.kept[i]) continue;
    running += d.p[i];
    last = int64_t(i);
    if (running > u) return last;
  }
  return last;
}

int64_t sample_token(const kt::Tensor& logits, double temperature, int64_t top_k, double top_p,
                     kt::Generator& gen) {
  const Distribution d = sampling_distribution(logits, temperature, top_k, top_p);
  if (temperature == 0) return pick(d, 0.0);
  return pick(d, gen.uniform());
}

}  // namespace ref
