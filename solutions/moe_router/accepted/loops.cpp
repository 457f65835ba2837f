// expect: pass
// Accepted: everything as loops over the values: a stable descending sort per token, the loss
// counted by hand; the results made in the logits' dtype.
#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

#include "moe_router.hpp"

namespace kata {

Routing route_top_k(const kt::Tensor& router_logits, int64_t k) {
  if (router_logits.dim() != 2 || router_logits.size(0) < 1 || k < 1 || k > router_logits.size(1) ||
      router_logits.dtype() == kt::Int64 || router_logits.dtype() == kt::Bool)
    throw kt::ValueError("route_top_k: router_logits must be (N >= 1, E) floating, 1 <= k <= E");
  const int64_t n = router_logits.size(0), e = router_logits.size(1);
  const std::vector<double> x = router_logits.to(kt::Float64).contiguous().to_vector<double>();
  std::vector<int64_t> index;
  std::vector<double> gate, count(size_t(e), 0.0), mean(size_t(e), 0.0);
  for (int64_t t = 0; t < n; ++t) {
    std::vector<double> p(x.begin() + t * e, x.begin() + (t + 1) * e);
    const double top = *std::max_element(p.begin(), p.end());
    double sum = 0;
    for (double& v : p) sum += v = std::exp(v - top);
    for (double& v : p) v /= sum;
    std::vector<int64_t> order(p.size());
    std::iota(order.begin(), order.end(), int64_t{0});
    std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) { return p[a] > p[b]; });
    double chosen = 0;
    for (int64_t j = 0; j < k; ++j) chosen += p[order[j]];
    for (int64_t j = 0; j < k; ++j) {
      index.push_back(order[j]);
      gate.push_back(p[order[j]] / chosen);
      count[order[j]] += 1;
    }
    for (int64_t j = 0; j < e; ++j) mean[j] += p[j] / double(n);
  }
  double aux = 0;
  for (int64_t j = 0; j < e; ++j) aux += count[j] / double(n * k) * mean[j];
  const kt::Dtype dtype = router_logits.dtype();
  return {kt::from_vector(index, {n, k}), kt::from_vector(gate, {n, k}).to(dtype),
          kt::scalar_tensor(double(e) * aux, dtype)};
}

}  // namespace kata
