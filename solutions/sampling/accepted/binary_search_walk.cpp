// expect: pass
// Index-sorted top-k (score descending, then index), the nucleus as "keep while the sum before it
// is below top_p", and the draw as a binary search (std::upper_bound) on the running sums of the
// kept tokens: the same tokens as the statement's walk.
#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>
#include <string>
#include <vector>

#include "sampling.hpp"

namespace kata {

int64_t sample_token(const kt::Tensor& logits, double temperature, int64_t top_k, double top_p,
                     kt::Generator& gen) {
  if (std::isnan(temperature) || temperature < 0)
    throw kt::ValueError("sample_token: temperature must be >= 0");
  if (top_k < 0) throw kt::ValueError("sample_token: top_k must be >= 0");
  if (std::isnan(top_p) || top_p <= 0 || top_p > 1)
    throw kt::ValueError("sample_token: top_p must be in (0, 1]");
  const std::vector<double> x = logits.to(kt::Float64).to_vector<double>();
  const int64_t v = int64_t(x.size());
  std::vector<int64_t> by_score(x.size());
  std::iota(by_score.begin(), by_score.end(), int64_t{0});
  std::stable_sort(by_score.begin(), by_score.end(),
                   [&](int64_t a, int64_t b) { return x[size_t(a)] > x[size_t(b)]; });
  if (temperature == 0) return by_score[0];  // stable: the first of tied maxima

  std::vector<double> s(x.size());
  for (size_t i = 0; i < x.size(); ++i) s[i] = x[i] / temperature;
  // by_score orders the scores too (T > 0): top-k keeps the first k and every tie of the k-th.
  size_t n = top_k == 0 || top_k >= v ? x.size() : size_t(top_k);
  while (n < x.size() && s[size_t(by_score[n])] == s[size_t(by_score[n - 1])]) ++n;
  std::vector<int64_t> kept(by_score.begin(), by_score.begin() + long(n));

  const auto probabilities = [&](const std::vector<int64_t>& tokens) {
    double m = -INFINITY, total = 0;
    for (int64_t t : tokens) m = std::max(m, s[size_t(t)]);
    std::vector<double> p;
    for (int64_t t : tokens) total += p.emplace_back(std::exp(s[size_t(t)] - m));
    for (double& e : p) e /= total;
    return p;
  };
  if (top_p < 1) {
    // kept is in decreasing probability, lower index first on ties (the stable sort).
    const std::vector<double> q = probabilities(kept);
    double before = 0;
    size_t taken = 0;
    while (taken < kept.size() && before < top_p) before += q[taken++];
    kept.resize(taken);
  }
  std::sort(kept.begin(), kept.end());  // the walk goes in increasing index
  const std::vector<double> p = probabilities(kept);
  std::vector<double> running(p.size());
  std::partial_sum(p.begin(), p.end(), running.begin());
  const double u = gen.uniform();
  const auto at = std::upper_bound(running.begin(), running.end(), u) - running.begin();
  return kept[std::min(size_t(at), kept.size() - 1)];
}

}  // namespace kata
