// expect: pass
// Accepted: the softmax by hand, the row maximum subtracted, the mask folded in with where.
#include <cmath>

#include "sdpa.hpp"

namespace kata {

kt::Tensor scaled_dot_product_attention(const kt::Tensor& q, const kt::Tensor& k,
                                        const kt::Tensor& v,
                                        const std::optional<kt::Tensor>& attn_mask,
                                        bool is_causal) {
  const int64_t t_q = q.size(-2), t_k = k.size(-2);
  kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) / std::sqrt(double(k.size(-1)));
  kt::Tensor allowed = kt::ones({t_q, t_k}, kt::Bool);
  if (is_causal) allowed = kt::tril(allowed, t_k - t_q);
  if (attn_mask) allowed = kt::logical_and(allowed, *attn_mask);
  scores = kt::where(allowed, scores, kt::finfo(kt::Float64).min);
  const kt::Tensor e = kt::exp(scores - kt::amax(scores, -1, true));
  return kt::matmul(e / kt::sum(e, -1, true), v);
}

}  // namespace kata
