// expect: pass
// Accepted: one key at a time with a running max, running denominator and running weighted sum (the
// online softmax of flash attention), zeros for a query with no key.
#include "sdpa.hpp"

#include <cmath>
#include <limits>

namespace kata {

namespace {

/// Column j of the mask (…, T_q, 1), or the whole mask when its key axis is broadcast.
kt::Tensor mask_column(const kt::Tensor& mask, int64_t j) {
  if (mask.dim() == 0 || mask.size(-1) == 1) return mask;
  return mask.narrow(-1, j, 1);
}

}  // namespace

kt::Tensor scaled_dot_product_attention(const kt::Tensor& q, const kt::Tensor& k,
                                        const kt::Tensor& v,
                                        const std::optional<kt::Tensor>& attn_mask,
                                        bool is_causal) {
  const int64_t T_q = q.size(-2);
  const int64_t T_k = k.size(-2);
  const double scale = 1.0 / std::sqrt(static_cast<double>(q.size(-1)));
  const double neg_inf = -std::numeric_limits<double>::infinity();
  // Query i sits at position T_k - T_q + i (bottom-right causal alignment).
  const kt::Tensor query_pos = kt::arange(static_cast<double>(T_q)).unsqueeze(-1) +
                               static_cast<double>(T_k - T_q);  // (T_q, 1)

  kt::Tensor m;    // running max of the attended scores, -inf before the first one
  kt::Tensor l;    // running sum of exp(score - m)
  kt::Tensor acc;  // running sum of exp(score - m) * v_j
  for (int64_t j = 0; j < T_k; ++j) {
    const kt::Tensor k_j = k.narrow(-2, j, 1);                          // (…, 1, d_k)
    const kt::Tensor v_j = v.narrow(-2, j, 1);                          // (…, 1, d_v)
    const kt::Tensor s = kt::matmul(q, k_j.transpose(-2, -1)) * scale;  // (…, T_q, 1)

    kt::Tensor allowed = kt::ones(s.sizes(), kt::Bool);
    if (attn_mask.has_value()) allowed = allowed & mask_column(*attn_mask, j);
    if (is_causal) allowed = allowed & (query_pos >= static_cast<double>(j));

    if (j == 0) {
      m = kt::where(allowed, s, neg_inf);
      const kt::Tensor p = kt::where(allowed, kt::ones_like(s), 0.0);  // exp(s - s)
      l = p;
      acc = p * v_j;
      continue;
    }
    const kt::Tensor m_new = kt::where(allowed, kt::maximum(m, s), m);
    // exp(m - m_new), but 1 while no key has been attended yet (-inf - -inf is NaN).
    const kt::Tensor alpha = kt::where(m_new == neg_inf, kt::ones_like(m_new), kt::exp(m - m_new));
    const kt::Tensor p = kt::where(allowed, kt::exp(s - m_new), 0.0);
    l = l * alpha + p;
    acc = acc * alpha + p * v_j;
    m = m_new;
  }
  // l > 0 exactly when the query attended some key; otherwise the output is zeros.
  return kt::where(l > 0.0, acc / l, 0.0);
}

}  // namespace kata
