#include "reference/moe_router/moe_router.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

namespace ref {

kt::Tensor router_probs(const kt::Tensor& router_logits) {
  const int64_t n = router_logits.size(0), e = router_logits.size(1);
  std::vector<double> p = router_logits.to(kt::Float64).contiguous().to_vector<double>();
  for (int64_t t = 0; t < n; ++t) {
    double* row = p.data() + t * e;
    const double top = *std::max_element(row, row + e);
    double sum = 0;
    for (int64_t j = 0; j < e; ++j) sum += row[j] = std::exp(row[j] - top);
    for (int64_t j = 0; j < e; ++j) row[j] /= sum;
  }
  return kt::from_vector(p, {n, e});
}

Routing route_top_k(const kt::Tensor& router_logits, int64_t k) {
  const int64_t n = router_logits.size(0), e = router_logits.size(1);
  const std::vector<double> p = router_probs(router_logits).to_vector<double>();
  std::vector<int64_t> index;
  std::vector<double> gate, assigned(size_t(e), 0.0), mean(size_t(e), 0.0);
  for (int64_t t = 0; t < n; ++t) {
    const double* row = p.data() + t * e;
    std::vector<int64_t> order(static_cast<size_t>(e));
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](int64_t a, int64_t b) { return row[a] > row[b]; });
    double sum = 0;
    for (int64_t j = 0; j < k; ++j) sum += row[order[size_t(j)]];
    for (int64_t j = 0; j < k; ++j) {
      const int64_t x = order[size_t(j)];
      index.push_back(x);
      gate.push_back(row[x] / sum);
      assigned[size_t(x)] += 1;
    }
    for (int64_t j = 0; j < e; ++j) mean[size_t(j)] += row[j] / double(n);
  }
  double aux = 0;
  for (int64_t j = 0; j < e; ++j) aux += assigned[size_t(j)] / double(n * k) * mean[size_t(j)];
  return {kt::from_vector(index, {n, k}), kt::from_vector(gate, {n, k}),
          kt::scalar_tensor(double(e) * aux)};
}

}  // namespace ref
