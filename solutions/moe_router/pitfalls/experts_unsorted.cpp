// expect-pitfalls: experts_unsorted
// The right experts, listed by id.
#include <vector>

#include "moe_router.hpp"

namespace kata {

Routing route_top_k(const kt::Tensor& router_logits, int64_t k) {
  if (router_logits.dim() != 2 || router_logits.size(0) < 1)
    throw kt::ValueError("route_top_k: router_logits must be (N, E) with N >= 1");
  if (router_logits.dtype() != kt::Float32 && router_logits.dtype() != kt::Float64)
    throw kt::ValueError("route_top_k: router_logits must be floating point");
  const int64_t n = router_logits.size(0), e = router_logits.size(1);
  if (k < 1 || k > e) throw kt::ValueError("route_top_k: k must be in [1, E]");
  const kt::Tensor probs = kt::softmax(router_logits, 1);
  std::vector<kt::Tensor> picks;
  kt::Tensor left = probs;
  for (int64_t j = 0; j < k; ++j) {
    const kt::Tensor pick = kt::argmax(left, 1, true);
    picks.push_back(pick);
    left = left.masked_fill(kt::one_hot(pick.squeeze(1), e).to(kt::Bool), -1.0);
  }
  kt::Tensor index = kt::cat(picks, 1);
  {  // the chosen experts in id order: a mask read left to right
    const std::vector<double> mask =
        kt::sum(kt::one_hot(index, e), 1).to(kt::Float64).contiguous().to_vector<double>();
    std::vector<int64_t> ids;
    for (int64_t t = 0; t < n; ++t)
      for (int64_t x = 0; x < e; ++x)
        if (mask[size_t(t * e + x)] != 0) ids.push_back(x);
    index = kt::from_vector(ids, {n, k});
  }
  const kt::Tensor top = kt::gather(probs, 1, index);
  const kt::Tensor gate = top / kt::sum(top, 1, true);
  const kt::Tensor fraction =
      kt::sum(kt::sum(kt::one_hot(index, e), 0), 0).to(probs.dtype()) / double(n * k);
  const kt::Tensor importance = kt::mean(probs, 0);
  return {index, gate, kt::sum(fraction * importance) * double(e)};
}

}  // namespace kata
