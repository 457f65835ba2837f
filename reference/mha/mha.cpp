#include "reference/mha/mha.hpp"

#include "reference/common/head_mask.hpp"
#include "reference/gqa/gqa.hpp"

namespace ref {

kt::Tensor mha_forward(const kt::Tensor& x, const MhaWeights& w, int64_t H, bool causal,
                       const kt::Tensor& mask, MaskedRows masked_rows) {
  // Multi-head attention is grouped-query attention with a key/value head per query head.
  return gqa_forward(x, w, H, H, causal, mask, masked_rows);
}

kt::Tensor fully_masked_queries(int64_t B, int64_t T, int64_t H, bool causal,
                                const kt::Tensor& mask) {
  const detail::HeadMask masks(mask, B, H, T, "ref::fully_masked_queries");
  std::vector<bool> out;
  for (int64_t b = 0; b < B; ++b) {
    for (int64_t i = 0; i < T; ++i) {
      bool some_head_empty = false;
      for (int64_t h = 0; h < H; ++h) {
        bool any = false;
        for (int64_t j = 0; j < T; ++j)
          any = any || ((!causal || j <= i) && masks.allowed(b, h, i, j));
        some_head_empty = some_head_empty || !any;
      }
      out.push_back(some_head_empty);
    }
  }
  return kt::from_vector(out, {B, T});
}

}  // namespace ref
