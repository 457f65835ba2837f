// expect: fail
// Wrong: to give zeros to a query with no key, the rows are tested with all(keep) where any(keep)
// was meant, so every row that hides at least one key is zeroed too.
#include "sdpa.hpp"

#include <cmath>

namespace kata {

kt::Tensor scaled_dot_product_attention(const kt::Tensor& q, const kt::Tensor& k,
                                        const kt::Tensor& v,
                                        const std::optional<kt::Tensor>& attn_mask,
                                        bool is_causal) {
  const int64_t T_q = q.size(-2);
  const int64_t T_k = k.size(-2);
  const double scale = 1.0 / std::sqrt(static_cast<double>(q.size(-1)));

  kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) * scale;  // (..., T_q, T_k)

  // keep: true where the query may attend the key.
  kt::Tensor keep;
  if (attn_mask.has_value()) keep = *attn_mask;
  if (is_causal) {
    // Bottom-right alignment: query i sits at position T_k - T_q + i.
    const kt::Tensor causal = kt::tril(kt::ones({T_q, T_k}, kt::Bool), T_k - T_q);
    keep = keep.defined() ? (keep & causal) : causal;
  }

  if (!keep.defined()) {
    return kt::matmul(kt::softmax(scores, -1), v);
  }

  scores = kt::masked_fill(scores, ~keep, kt::finfo(scores.dtype()).min);
  const kt::Tensor out = kt::matmul(kt::softmax(scores, -1), v);  // (..., T_q, d_v)

  // A query with no key to attend to gets zeros (as PyTorch >= 2.5 does).
  const kt::Tensor has_key = kt::all(keep, -1, /*keepdim=*/true);  // meant: kt::any
  return kt::where(has_key, out, 0.0);
}

}  // namespace kata
