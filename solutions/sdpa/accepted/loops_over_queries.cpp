// expect: pass
// Accepted: one query at a time, each with the keys it may see, concatenated along the queries'
// axis; a query with no key gets zeros.
#include <cmath>
#include <limits>
#include <vector>

#include "sdpa.hpp"

namespace kata {

kt::Tensor scaled_dot_product_attention(const kt::Tensor& q, const kt::Tensor& k,
                                        const kt::Tensor& v,
                                        const std::optional<kt::Tensor>& attn_mask,
                                        bool is_causal) {
  const int64_t t_q = q.size(-2), t_k = k.size(-2);
  const double scale = 1.0 / std::sqrt(double(q.size(-1)));
  const kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) * scale;
  kt::Tensor allowed = kt::ones({t_q, t_k}, kt::Bool);
  if (attn_mask) allowed = allowed & *attn_mask;
  std::vector<kt::Tensor> rows;
  for (int64_t i = 0; i < t_q; ++i) {
    kt::Tensor row = scores.narrow(-2, i, 1);
    kt::Tensor keep = allowed.narrow(-2, i, 1);
    if (is_causal) {
      const int64_t last = t_k - t_q + i;  // the last key this query may see
      kt::Tensor causal_keep = kt::zeros({1, t_k}, kt::Bool);
      if (last >= 0) causal_keep.narrow(-1, 0, last + 1).fill_(1.0);
      keep = keep & causal_keep;
    }
    const kt::Tensor e =
        kt::exp(row.masked_fill(~keep, -std::numeric_limits<double>::infinity()) -
                kt::amax(row.masked_fill(~keep, kt::finfo(kt::Float64).min), -1, true));
    const kt::Tensor total = kt::sum(e, -1, true);
    const kt::Tensor w = kt::where(total > 0.0, e / kt::where(total > 0.0, total, 1.0), 0.0);
    rows.push_back(kt::matmul(w, v));
  }
  return kt::cat(rows, -2);
}

}  // namespace kata
