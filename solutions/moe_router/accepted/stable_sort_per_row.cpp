// expect: pass
// Accepted: the top k by a stable sort of each row's expert ids by decreasing probability (ties
// keep the lower id first, as the statement asks), instead of repeated argmax.
#include <algorithm>
#include <vector>

#include "moe_router.hpp"

namespace kata {

Routing route_top_k(const kt::Tensor& router_logits, int64_t k) {
  if (router_logits.dim() != 2)
    throw kt::ValueError("route_top_k: router_logits must be 2-D (N, E), got shape " +
                         kt::shape_str(router_logits.sizes()));
  if (router_logits.dtype() != kt::Float32 && router_logits.dtype() != kt::Float64)
    throw kt::ValueError("route_top_k: router_logits must be Float32 or Float64");
  const int64_t n = router_logits.size(0), e = router_logits.size(1);
  if (n < 1) throw kt::ValueError("route_top_k: router_logits has no tokens (N = 0)");
  if (k < 1 || k > e)
    throw kt::ValueError("route_top_k: k = " + std::to_string(k) +
                         " must be in [1, E = " + std::to_string(e) + "]");
  const kt::Tensor probs = kt::softmax(router_logits, 1);
  // Each row's experts sorted by decreasing probability with a stable sort (ties keep the lower
  // id first), the first k kept.
  const std::vector<double> p = probs.to(kt::Float64).contiguous().to_vector<double>();
  std::vector<int64_t> chosen;
  for (int64_t t = 0; t < n; ++t) {
    std::vector<int64_t> ids(static_cast<size_t>(e));
    for (int64_t j = 0; j < e; ++j) ids[size_t(j)] = j;
    const double* row = p.data() + t * e;
    std::stable_sort(ids.begin(), ids.end(), [&](int64_t a, int64_t b) { return row[a] > row[b]; });
    chosen.insert(chosen.end(), ids.begin(), ids.begin() + k);
  }
  const kt::Tensor index = kt::from_vector(chosen, {n, k});  // (N, k), most probable first
  const kt::Tensor top = kt::gather(probs, 1, index);
  const kt::Tensor gate = top / kt::sum(top, 1, /*keepdim=*/true);
  // f_e: the share of the N * k assignments that went to e; P_e: the mean probability of e.
  const kt::Tensor counts = kt::sum(kt::sum(kt::one_hot(index, e), 0), 0).to(probs.dtype());
  const kt::Tensor fraction = counts / double(n * k);
  const kt::Tensor importance = kt::mean(probs, 0);
  const kt::Tensor aux_loss = kt::sum(fraction * importance) * double(e);
  return {index, gate, aux_loss};
}

}  // namespace kata
