// expect: fail
// expect-diagnosis: softmax_without_max
// Wrong, no named pitfall: fills with finfo.min but writes the softmax by hand without subtracting
// the row maximum: exp(min) is 0 in every entry of a query with no key, so 0/0 = NaN there, and
// large scores overflow. Not neg_inf_nan (no -inf anywhere): the catalogue's softmax_without_max.
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
  const kt::Tensor e = kt::exp(scores.masked_fill(~allowed, kt::finfo(kt::Float64).min));
  return kt::matmul(e / kt::sum(e, -1, true), v);
}

}  // namespace kata
