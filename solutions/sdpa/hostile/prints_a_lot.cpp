// expect: pass
// Correct, but prints a lot on every call: the grader must cut the output and still pass it.
#include <cmath>
#include <cstdio>

#include "sdpa.hpp"

namespace kata {

kt::Tensor scaled_dot_product_attention(const kt::Tensor& q, const kt::Tensor& k,
                                        const kt::Tensor& v,
                                        const std::optional<kt::Tensor>& attn_mask,
                                        bool is_causal) {
  for (int i = 0; i < 200; ++i)
    std::printf("debug: q has %ld values, k %ld, line %d\n", long(q.numel()), long(k.numel()), i);
  const int64_t t_q = q.size(-2), t_k = k.size(-2);
  kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) / std::sqrt(double(q.size(-1)));
  kt::Tensor allowed = kt::ones({t_q, t_k}, kt::Bool);
  if (is_causal) allowed = kt::tril(allowed, t_k - t_q);
  if (attn_mask) allowed = allowed & *attn_mask;
  scores = scores.masked_fill(~allowed, kt::finfo(kt::Float64).min);
  return kt::matmul(kt::softmax(scores, -1), v);
}

}  // namespace kata
