// Your kata: grouped-query attention. Read README.md, then replace the two TODOs.
// Grade with:  ./grade gqa        Stuck?  ./grade hint gqa
#include "gqa.hpp"

#include <cmath>

kt::Tensor GroupedQueryAttention::forward(const kt::Tensor& x, bool causal) const {
  // TODO: project x (k and v have num_kv_heads heads), split into heads, let each query head use
  // its group's key/value head, scaled dot-product attention (masking the future when causal),
  // merge heads, then out_proj.
  (void)x;
  (void)causal;
  throw kt::NotImplemented(
      "GroupedQueryAttention::forward(x, causal) is not implemented yet: write it in "
      "katas/gqa/gqa.cpp (README.md says what it must compute)");
}

kt::Tensor GroupedQueryAttention::forward(const kt::Tensor& x, const kt::Tensor& attn_mask) const {
  // TODO: the same, but mask with attn_mask (Bool, true = may attend, broadcastable to
  // (B, num_heads, T, T)). A row may be entirely masked: it must not become NaN.
  (void)x;
  (void)attn_mask;
  throw kt::NotImplemented(
      "GroupedQueryAttention::forward(x, attn_mask) is not implemented yet: write it in "
      "katas/gqa/gqa.cpp (README.md says what it must compute)");
}
