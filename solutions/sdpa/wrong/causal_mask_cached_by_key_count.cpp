// expect: fail
// expect-diagnosis: depends_on_earlier_calls
// Wrong, no named pitfall (written blind, round 51): the causal mask cached in a static map keyed
// by T_k only: a later call with the same T_k and another T_q reuses the wrong mask.
#include "sdpa.hpp"

#include <cmath>
#include <unordered_map>

namespace kata {

namespace {

// Bottom-right aligned causal mask, true = may attend. Built once per size and reused: a decode
// loop asks for the same mask on every step.
const kt::Tensor& causal_keep(int64_t t_q, int64_t t_k) {
  static std::unordered_map<int64_t, kt::Tensor> cache;
  auto it = cache.find(t_k);
  if (it == cache.end()) {
    kt::Tensor keep = kt::tril(kt::ones({t_q, t_k}, kt::Bool), t_k - t_q);
    it = cache.emplace(t_k, keep).first;
  }
  return it->second;
}

}  // namespace

kt::Tensor scaled_dot_product_attention(const kt::Tensor& q, const kt::Tensor& k,
                                        const kt::Tensor& v,
                                        const std::optional<kt::Tensor>& attn_mask,
                                        bool is_causal) {
  const int64_t d_k = q.size(-1);
  const int64_t t_q = q.size(-2);
  const int64_t t_k = k.size(-2);

  kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) / std::sqrt(static_cast<double>(d_k));
  const double hidden = kt::finfo(scores.dtype()).min;

  if (attn_mask) {
    scores = scores.masked_fill(~*attn_mask, hidden);
  }
  if (is_causal) {
    scores = scores.masked_fill(~causal_keep(t_q, t_k), hidden);
  }

  return kt::matmul(kt::softmax(scores, -1), v);
}

}  // namespace kata
