// expect: fail
// kᵀ made with reshape instead of transpose: (…, T_k, d_k) read as (…, d_k, T_k) in memory
// order, so the shape is right and the numbers are scrambled (right only when T_k or d_k is 1).
#include <cmath>
#include <vector>

#include "sdpa.hpp"

namespace kata {

kt::Tensor scaled_dot_product_attention(const kt::Tensor& q, const kt::Tensor& k,
                                        const kt::Tensor& v,
                                        const std::optional<kt::Tensor>& attn_mask,
                                        bool is_causal) {
  const int64_t t_q = q.size(-2), t_k = k.size(-2), d_k = q.size(-1);
  std::vector<int64_t> kt_sizes = k.sizes();
  kt_sizes[kt_sizes.size() - 2] = d_k;
  kt_sizes[kt_sizes.size() - 1] = t_k;
  kt::Tensor scores = kt::matmul(q, k.reshape(kt_sizes)) / std::sqrt(double(d_k));
  kt::Tensor allowed = kt::ones({t_q, t_k}, kt::Bool);
  if (is_causal) allowed = kt::tril(allowed, t_k - t_q);
  if (attn_mask) allowed = allowed & *attn_mask;
  scores = scores.masked_fill(~allowed, kt::finfo(scores.dtype()).min);
  return kt::matmul(kt::softmax(scores, -1), v);
}

}  // namespace kata
