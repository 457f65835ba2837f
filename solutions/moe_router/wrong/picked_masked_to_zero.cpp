// expect: fail
// Wrong, no named pitfall (written blind, round 52): the experts already picked masked with 0.0 in
// the probabilities: where the others underflow to 0, argmax picks one again.
#include "moe_router.hpp"

#include <string>
#include <vector>

namespace kata {

Routing route_top_k(const kt::Tensor& router_logits, int64_t k) {
  if (router_logits.dim() != 2) {
    throw kt::ValueError("route_top_k: router_logits must be 2-D (N, E), got " +
                         kt::shape_str(router_logits.sizes()));
  }
  if (!kt::is_floating(router_logits.dtype())) {
    throw kt::ValueError("route_top_k: router_logits must be floating point, got " +
                         std::string(kt::dtype_name(router_logits.dtype())));
  }
  const int64_t n = router_logits.size(0);
  const int64_t e = router_logits.size(1);
  if (n < 1) throw kt::ValueError("route_top_k: router_logits needs N >= 1 tokens, got 0");
  if (k < 1 || k > e) {
    throw kt::ValueError("route_top_k: k must be in [1, E = " + std::to_string(e) + "], got " +
                         std::to_string(k));
  }

  const kt::Tensor probs = kt::softmax(router_logits, 1);

  std::vector<kt::Tensor> indices, values;
  kt::Tensor remaining = probs;
  for (int64_t j = 0; j < k; ++j) {
    const kt::Tensor idx = kt::argmax(remaining, 1, true);  // (N, 1)
    indices.push_back(idx);
    values.push_back(kt::gather(probs, 1, idx));
    const kt::Tensor picked = kt::one_hot(idx.squeeze(1), e) == 1.0;  // (N, E) Bool
    remaining = remaining.masked_fill(picked, 0.0);
  }

  const kt::Tensor expert_index = kt::cat(indices, 1);
  const kt::Tensor top = kt::cat(values, 1);
  const kt::Tensor gate = top / kt::sum(top, 1, true);

  const kt::Tensor counts = kt::sum(kt::one_hot(expert_index.flatten(), e), 0);  // (E)
  const kt::Tensor f = counts.to(router_logits.dtype()) / static_cast<double>(n * k);
  const kt::Tensor p_mean = kt::mean(probs, 0);
  const kt::Tensor aux_loss = kt::sum(f * p_mean) * static_cast<double>(e);

  return {expert_index, gate, aux_loss};
}

}  // namespace kata
