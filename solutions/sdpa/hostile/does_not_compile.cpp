// expect: error
// Does not compile: a typo. The report must show the compiler's first error, file:line first.
#include "sdpa.hpp"

namespace kata {

kt::Tensor scaled_dot_product_attention(const kt::Tensor& q, const kt::Tensor& k,
                                        const kt::Tensor& v,
                                        const std::optional<kt::Tensor>& attn_mask,
                                        bool is_causal) {
  (void)attn_mask;
  (void)is_causal;
  return kt::matmul(kt::softmax(kt::matmul(q, k.transpose(-2, -1)), -1), v).to(kt::Float65);
}

}  // namespace kata
