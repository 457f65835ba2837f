// expect: fail
// expect-diagnosis: values_scaled
// Wrong, no named pitfall: the scores are right, but the values are divided by √d_k as well (the
// output is the reference / √d_k). The catalogue's values_scaled says so.
#include <cmath>

#include "sdpa.hpp"

namespace kata {

kt::Tensor scaled_dot_product_attention(const kt::Tensor& q, const kt::Tensor& k,
                                        const kt::Tensor& v,
                                        const std::optional<kt::Tensor>& attn_mask,
                                        bool is_causal) {
  const int64_t t_q = q.size(-2), t_k = k.size(-2);
  const double scale = std::sqrt(double(q.size(-1)));
  kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) / scale;
  kt::Tensor allowed = kt::ones({t_q, t_k}, kt::Bool);
  if (is_causal) allowed = kt::tril(allowed, t_k - t_q);
  if (attn_mask) allowed = allowed & *attn_mask;
  scores = scores.masked_fill(~allowed, kt::finfo(scores.dtype()).min);
  return kt::matmul(kt::softmax(scores, -1), v / scale);
}

}  // namespace kata
