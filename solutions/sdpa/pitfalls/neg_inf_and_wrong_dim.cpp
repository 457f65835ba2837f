// expect-pitfalls: neg_inf_nan, softmax_wrong_dim
// Known bad, a double: fills masked scores with -inf, and normalises each key's column over the
// queries (dim -2): a key that no query may attend to is a softmax of -inf only, NaN, and the NaN
// reaches every query through the matmul with v.
#include <cmath>
#include <limits>

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
  scores = scores.masked_fill(~allowed, -std::numeric_limits<double>::infinity());
  return kt::matmul(kt::softmax(scores, -2), v);
}

}  // namespace kata
