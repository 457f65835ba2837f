// Your kata: multi-head attention from scratch. Read README.md, then replace the two TODOs.
// Grade with:  ./grade mha        Stuck?  ./grade hint mha
#include "mha.hpp"

#include <cmath>

kt::Tensor MultiHeadAttention::forward(const kt::Tensor& x, bool causal) const {
  // TODO: project x with q_proj / k_proj / v_proj, split into heads (B, H, T, d_head), scaled
  // dot-product attention (masking the future when causal), merge heads, then out_proj.
  (void)x;
  (void)causal;
  throw kt::NotImplemented(
      "MultiHeadAttention::forward(x, causal) is not implemented yet: write it in "
      "katas/mha/mha.cpp (README.md walks through the steps)");
}

kt::Tensor MultiHeadAttention::forward(const kt::Tensor& x, const kt::Tensor& attn_mask) const {
  // TODO: the same, but mask with attn_mask (Bool, true = may attend, broadcastable to
  // (B, H, T, T)). A row may be entirely masked: it must not become NaN.
  (void)x;
  (void)attn_mask;
  throw kt::NotImplemented(
      "MultiHeadAttention::forward(x, attn_mask) is not implemented yet: write it in "
      "katas/mha/mha.cpp (README.md walks through the steps)");
}
