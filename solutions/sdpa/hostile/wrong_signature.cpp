// expect: error
// Defines the function with the mask as a plain kt::Tensor (the nn.MultiheadAttention habit), in
// namespace kata: it compiles, but the grader's call finds no definition of the declared one, so
// linking fails and says so.
#include <cmath>

#include "sdpa.hpp"

namespace kata {

kt::Tensor scaled_dot_product_attention(const kt::Tensor& q, const kt::Tensor& k,
                                        const kt::Tensor& v, const kt::Tensor& attn_mask,
                                        bool is_causal) {
  (void)attn_mask;
  (void)is_causal;
  const kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) / std::sqrt(double(q.size(-1)));
  return kt::matmul(kt::softmax(scores, -1), v);
}

}  // namespace kata
