// expect: fail
// Wrong, no named pitfall: attn_mask and the causal triangle each added as a bias of -1e9. Finite
// everywhere, and right wherever a query keeps a key both allow; where the two leave a query no
// key, its weights go to the keys only one of them hides (-1e9 beats -2e9), none of the accepted
// results.
#include <cmath>

#include "sdpa.hpp"

namespace kata {

kt::Tensor scaled_dot_product_attention(const kt::Tensor& q, const kt::Tensor& k,
                                        const kt::Tensor& v,
                                        const std::optional<kt::Tensor>& attn_mask,
                                        bool is_causal) {
  const int64_t t_q = q.size(-2), t_k = k.size(-2);
  kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) / std::sqrt(double(q.size(-1)));
  if (attn_mask) scores = scores + kt::where(*attn_mask, 0.0, kt::full({1}, -1e9));
  if (is_causal) {
    const kt::Tensor keep = kt::tril(kt::ones({t_q, t_k}, kt::Bool), t_k - t_q);
    scores = scores + kt::where(keep, 0.0, kt::full({1}, -1e9));
  }
  return kt::matmul(kt::softmax(scores, -1), v);
}

}  // namespace kata
