// expect: pass
// Accepted: attn_mask and the causal triangle each filled in turn with finfo.min (masked_fill, not
// added): a key either hides gets finfo.min once, and a query the two leave no key gets the mean
// of the values.
#include <cmath>

#include "sdpa.hpp"

namespace kata {

kt::Tensor scaled_dot_product_attention(const kt::Tensor& q, const kt::Tensor& k,
                                        const kt::Tensor& v,
                                        const std::optional<kt::Tensor>& attn_mask,
                                        bool is_causal) {
  const int64_t t_q = q.size(-2), t_k = k.size(-2);
  const double lowest = kt::finfo(q.dtype()).min;
  kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) / std::sqrt(double(q.size(-1)));
  if (attn_mask) scores = scores.masked_fill(~*attn_mask, lowest);
  if (is_causal)
    scores = scores.masked_fill(~kt::tril(kt::ones({t_q, t_k}, kt::Bool), t_k - t_q), lowest);
  return kt::matmul(kt::softmax(scores, -1), v);
}

}  // namespace kata
