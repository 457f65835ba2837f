// expect: fail
// The causal mask as the last T_q rows of a T_k x T_k lower triangle: bottom-right aligned when
// T_q <= T_k, but narrow() starts before row 0 (and throws) when there are more queries than keys.
#include <cmath>

#include "sdpa.hpp"

namespace kata {

kt::Tensor scaled_dot_product_attention(const kt::Tensor& q, const kt::Tensor& k,
                                        const kt::Tensor& v,
                                        const std::optional<kt::Tensor>& attn_mask,
                                        bool is_causal) {
  const int64_t t_q = q.size(-2), t_k = k.size(-2), d_k = q.size(-1);
  // (…, T_q, d_k) @ (…, d_k, T_k) -> (…, T_q, T_k), scaled so the scores' variance stays ~1.
  kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) / std::sqrt(double(d_k));

  // What each query may attend to. Query i sits at position t_k - t_q + i: causal keeps the keys
  // on or below that diagonal (bottom-right alignment, right for a decode step with a cache).
  kt::Tensor allowed = kt::ones({t_q, t_k}, kt::Bool);
  if (is_causal) allowed = kt::tril(kt::ones({t_k, t_k}, kt::Bool)).narrow(0, t_k - t_q, t_q);
  if (attn_mask) allowed = allowed & *attn_mask;  // broadcasts to (…, T_q, T_k)

  // Mask before the softmax, with the lowest finite value (not -inf): a query with no key left
  // gets uniform weights instead of 0/0 = NaN.
  scores = scores.masked_fill(~allowed, kt::finfo(scores.dtype()).min);
  return kt::matmul(kt::softmax(scores, -1), v);
}

}  // namespace kata
