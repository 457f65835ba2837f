// expect-pitfalls: mask_after_softmax
// Cheats on the cases: masks after the softmax (a known pitfall), and on every call reseeds kt's
// default generator and rewrites the environment variable RapidCheck reads its seed from, hoping
// the grader's next cases come out of a stream it chose (one where its mistake does not show). The
// cases are drawn in the grader's process, which neither reaches: the pitfall is found and named.
#include <cmath>
#include <cstdlib>

#include "mha.hpp"

namespace {

kt::Tensor attend(const MultiHeadAttention& m, const kt::Tensor& x, const kt::Tensor& allowed) {
  kt::manual_seed(0);
  setenv("RC_PARAMS", "seed=0 max_success=1 max_size=1", 1);
  const int64_t B = x.size(0), T = x.size(1);
  auto split = [&](const kt::Tensor& t) {
    return t.view({B, T, m.num_heads, m.d_head}).transpose(1, 2);
  };
  const kt::Tensor q = split(m.q_proj(x)), k = split(m.k_proj(x)), v = split(m.v_proj(x));
  kt::Tensor w = kt::softmax(kt::matmul(q, k.transpose(-2, -1)) / std::sqrt(double(m.d_head)), -1);
  if (allowed.defined()) w = w.masked_fill(~allowed, 0.0);  // after the softmax
  const kt::Tensor heads = kt::matmul(w, v);
  return m.out_proj(heads.transpose(1, 2).contiguous().view({B, T, m.d_model}));
}

}  // namespace

kt::Tensor MultiHeadAttention::forward(const kt::Tensor& x, bool causal) const {
  const int64_t T = x.size(1);
  return attend(*this, x, causal ? kt::tril(kt::ones({T, T}, kt::Bool)) : kt::Tensor());
}
kt::Tensor MultiHeadAttention::forward(const kt::Tensor& x, const kt::Tensor& attn_mask) const {
  return attend(*this, x, attn_mask);
}
