// expect: fail
// expect-diagnosis: masking_ignored
// Wrong, no named pitfall: builds the scores and the softmax but applies neither attn_mask nor
// is_causal (every query sees every key).
#include <cmath>

#include "sdpa.hpp"

namespace kata {

kt::Tensor scaled_dot_product_attention(const kt::Tensor& q, const kt::Tensor& k,
                                        const kt::Tensor& v,
                                        const std::optional<kt::Tensor>& /*attn_mask*/,
                                        bool /*is_causal*/) {
  const kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) / std::sqrt(double(q.size(-1)));
  return kt::matmul(kt::softmax(scores, -1), v);
}

}  // namespace kata
