// expect: fail
// expect-diagnosis: scale_after_softmax
// The scale applied to the weights after the softmax instead of to the scores before it: the
// weights are the unscaled softmax's, each divided by sqrt(d_k), so no row sums to one.
#include <cmath>

#include "sdpa.hpp"

namespace kata {

kt::Tensor scaled_dot_product_attention(const kt::Tensor& q, const kt::Tensor& k,
                                        const kt::Tensor& v,
                                        const std::optional<kt::Tensor>& attn_mask,
                                        bool is_causal) {
  const int64_t t_q = q.size(-2), t_k = k.size(-2), d_k = q.size(-1);
  kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1));
  kt::Tensor allowed = kt::ones({t_q, t_k}, kt::Bool);
  if (is_causal) allowed = kt::tril(allowed, t_k - t_q);
  if (attn_mask) allowed = allowed & *attn_mask;
  scores = scores.masked_fill(~allowed, kt::finfo(scores.dtype()).min);
  const kt::Tensor weights = kt::softmax(scores, -1) / std::sqrt(double(d_k));
  return kt::matmul(weights, v);
}

}  // namespace kata
