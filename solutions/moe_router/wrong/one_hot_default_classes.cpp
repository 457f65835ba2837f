// expect: fail
// Wrong: the assignment counts use kt::one_hot(expert_index) without num_classes, which makes only
// max(index) + 1 columns, so when the last experts are never picked the counts are shorter than E
// and do not line up with P_e.
#include <string>
#include <vector>

#include "moe_router.hpp"

namespace kata {

Routing route_top_k(const kt::Tensor& router_logits, int64_t k) {
  if (router_logits.dim() != 2) {
    throw kt::ValueError("route_top_k: router_logits must be 2-D (N, E), got shape " +
                         kt::shape_str(router_logits.sizes()));
  }
  if (!kt::is_floating(router_logits.dtype())) {
    throw kt::ValueError("route_top_k: router_logits must be Float32 or Float64, got " +
                         std::string(kt::dtype_name(router_logits.dtype())));
  }
  const int64_t N = router_logits.size(0), E = router_logits.size(1);
  if (N < 1) throw kt::ValueError("route_top_k: router_logits has N = 0 tokens");
  if (k < 1 || k > E) {
    throw kt::ValueError("route_top_k: k must be in [1, E = " + std::to_string(E) + "], got " +
                         std::to_string(k));
  }

  const kt::Tensor probs = kt::softmax(router_logits, 1);  // (N, E), over the experts

  // The top k by repeated first-argmax; a picked expert is hidden as -1 (every prob is >= 0).
  kt::Tensor work = probs;
  std::vector<kt::Tensor> index_cols, value_cols;
  for (int64_t j = 0; j < k; ++j) {
    const kt::ValuesIndices best = kt::max(work, 1, true);  // (N, 1) each
    index_cols.push_back(best.indices);
    value_cols.push_back(best.values);
    const kt::Tensor picked = kt::one_hot(best.indices.squeeze(1), E) == 1.0;  // (N, E) Bool
    work = work.masked_fill(picked, -1.0);
  }
  const kt::Tensor expert_index = kt::cat(index_cols, 1);  // (N, k) Int64
  const kt::Tensor chosen = kt::cat(value_cols, 1);        // (N, k)
  const kt::Tensor gate = chosen / kt::sum(chosen, 1, true);

  // f_e: the share of the N * k assignments; P_e: the mean probability over the tokens.
  const kt::Tensor counts = kt::sum(kt::sum(kt::one_hot(expert_index), 0), 0);
  const kt::Tensor f = counts / static_cast<double>(N * k);
  const kt::Tensor P = kt::mean(probs, 0);
  const kt::Tensor aux_loss = (kt::sum(f * P) * static_cast<double>(E)).to(router_logits.dtype());

  return Routing{expert_index, gate, aux_loss};
}

}  // namespace kata
