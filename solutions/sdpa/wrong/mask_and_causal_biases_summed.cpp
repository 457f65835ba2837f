// expect: fail
// Wrong, no named pitfall (written blind, round 51): attn_mask and the causal triangle each added
// as a bias of finfo.min. Right wherever a query keeps a key both allow; where both hide a key the
// biases sum to -inf, so a query the two leave no key gets NaN (T_q > T_k) or the mean of the keys
// one of them allows. Only fully_masked_rows sees it.
#include "sdpa.hpp"

#include <cmath>

namespace kata {

kt::Tensor scaled_dot_product_attention(const kt::Tensor& q, const kt::Tensor& k,
                                        const kt::Tensor& v,
                                        const std::optional<kt::Tensor>& attn_mask,
                                        bool is_causal) {
  const int64_t d_k = q.size(-1);
  const int64_t t_q = q.size(-2);
  const int64_t t_k = k.size(-2);
  const double neg = kt::finfo(q.dtype()).min;

  // Additive bias: 0 where a key may be attended, a huge negative number where it is hidden.
  kt::Tensor bias = kt::zeros({t_q, t_k}, q.dtype());
  if (attn_mask) {
    bias = bias + (~*attn_mask).to(q.dtype()) * neg;
  }
  if (is_causal) {
    kt::Tensor keep = kt::tril(kt::ones({t_q, t_k}, kt::Bool), t_k - t_q);
    bias = bias + (~keep).to(q.dtype()) * neg;
  }

  kt::Tensor scores =
      kt::matmul(q, k.transpose(-2, -1)) / std::sqrt(static_cast<double>(d_k)) + bias;
  return kt::matmul(kt::softmax(scores, -1), v);
}

}  // namespace kata
