// expect: fail
// Wrong, no named pitfall: computes in Float32 and converts back: about 1e-7 relative off, far
// outside rtol 1e-9.
#include <cmath>

#include "sdpa.hpp"

namespace kata {

kt::Tensor scaled_dot_product_attention(const kt::Tensor& q, const kt::Tensor& k,
                                        const kt::Tensor& v,
                                        const std::optional<kt::Tensor>& attn_mask,
                                        bool is_causal) {
  const int64_t t_q = q.size(-2), t_k = k.size(-2);
  const kt::Tensor q32 = q.to(kt::Float32), k32 = k.to(kt::Float32), v32 = v.to(kt::Float32);
  kt::Tensor scores = kt::matmul(q32, k32.transpose(-2, -1)) / std::sqrt(double(q.size(-1)));
  kt::Tensor allowed = kt::ones({t_q, t_k}, kt::Bool);
  if (is_causal) allowed = kt::tril(allowed, t_k - t_q);
  if (attn_mask) allowed = allowed & *attn_mask;
  scores = scores.masked_fill(~allowed, kt::finfo(kt::Float32).min);
  return kt::matmul(kt::softmax(scores, -1), v32).to(kt::Float64);
}

}  // namespace kata
