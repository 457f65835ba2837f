// expect: pass
// Accepted: reshape and permute instead of view and transpose, the 1/sqrt(d_head) folded into q,
// causal written as the forbidden triu(ones, 1) filled, and a hand-written stable softmax.
#include <cmath>

#include "gqa.hpp"

namespace {

kt::Tensor stable_softmax(const kt::Tensor& s) {
  const kt::Tensor e = kt::exp(s - kt::amax(s, -1, true));
  return e / kt::sum(e, -1, true);
}

kt::Tensor heads_of(const kt::Tensor& t, int64_t heads, int64_t d) {
  return t.reshape({t.size(0), t.size(1), heads, d}).permute({0, 2, 1, 3});
}

}  // namespace

static kt::Tensor run(const GroupedQueryAttention& m, const kt::Tensor& x,
                      const kt::Tensor& forbidden) {
  const int64_t B = x.size(0), T = x.size(1), group = m.num_heads / m.num_kv_heads;
  const kt::Tensor q = heads_of(m.q_proj(x), m.num_heads, m.d_head) / std::sqrt(double(m.d_head));
  const kt::Tensor k =
      kt::repeat_interleave(heads_of(m.k_proj(x), m.num_kv_heads, m.d_head), group, 1);
  const kt::Tensor v =
      kt::repeat_interleave(heads_of(m.v_proj(x), m.num_kv_heads, m.d_head), group, 1);
  kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1));
  if (forbidden.defined()) scores = scores.masked_fill(forbidden, kt::finfo(kt::Float64).min);
  const kt::Tensor out = kt::matmul(stable_softmax(scores), v);
  return m.out_proj(out.permute({0, 2, 1, 3}).reshape({B, T, m.d_model}));
}

kt::Tensor GroupedQueryAttention::forward(const kt::Tensor& x, bool causal) const {
  const int64_t T = x.size(1);
  return run(*this, x, causal ? kt::triu(kt::ones({T, T}, kt::Bool), 1) : kt::Tensor());
}

kt::Tensor GroupedQueryAttention::forward(const kt::Tensor& x, const kt::Tensor& attn_mask) const {
  return run(*this, x, ~attn_mask);
}
