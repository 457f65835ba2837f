// expect: pass
// Correct, but scribbles over q, k, v and the mask afterwards (through shared storage: a
// kt::Tensor copy is a view). The grader hands each call fresh copies, so nothing it checks, the
// causality check's second call included, can be corrupted.
#include <cmath>

#include "sdpa.hpp"

namespace kata {

kt::Tensor scaled_dot_product_attention(const kt::Tensor& q, const kt::Tensor& k,
                                        const kt::Tensor& v,
                                        const std::optional<kt::Tensor>& attn_mask,
                                        bool is_causal) {
  const int64_t t_q = q.size(-2), t_k = k.size(-2);
  kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) / std::sqrt(double(q.size(-1)));
  kt::Tensor allowed = kt::ones({t_q, t_k}, kt::Bool);
  if (is_causal) allowed = kt::tril(allowed, t_k - t_q);
  if (attn_mask) allowed = allowed & *attn_mask;
  scores = scores.masked_fill(~allowed, kt::finfo(kt::Float64).min);
  const kt::Tensor out = kt::matmul(kt::softmax(scores, -1), v);
  for (kt::Tensor t : {q, k, v}) t.fill_(-7.0);
  if (attn_mask) kt::Tensor(*attn_mask).fill_(0.0);
  return out;
}

}  // namespace kata
