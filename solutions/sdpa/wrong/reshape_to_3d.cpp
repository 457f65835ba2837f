// expect: fail
// Wrong, no named pitfall: flattens the leading axes of q, k and v separately to (N, T, d), which
// assumes they are equal: broadcasting leading axes fail.
#include <cmath>

#include "sdpa.hpp"

namespace kata {

kt::Tensor scaled_dot_product_attention(const kt::Tensor& q, const kt::Tensor& k,
                                        const kt::Tensor& v,
                                        const std::optional<kt::Tensor>& attn_mask,
                                        bool is_causal) {
  const int64_t t_q = q.size(-2), t_k = k.size(-2);
  const kt::Tensor q3 = q.reshape({-1, t_q, q.size(-1)});
  const kt::Tensor k3 = k.reshape({-1, t_k, k.size(-1)});
  const kt::Tensor v3 = v.reshape({-1, t_k, v.size(-1)});
  kt::Tensor scores = kt::matmul(q3, k3.transpose(-2, -1)) / std::sqrt(double(q.size(-1)));
  kt::Tensor allowed = kt::ones({t_q, t_k}, kt::Bool);
  if (is_causal) allowed = kt::tril(allowed, t_k - t_q);
  if (attn_mask) allowed = allowed & attn_mask->reshape({-1, t_q, t_k});
  scores = scores.masked_fill(~allowed, kt::finfo(kt::Float64).min);
  kt::Shape out_shape = q.sizes();
  out_shape.back() = v.size(-1);
  return kt::matmul(kt::softmax(scores, -1), v3).reshape(out_shape);
}

}  // namespace kata
