// expect-pitfalls: scale_by_d_model
// Folds the scale into q, but with 1/√d (d_model) instead of 1/√d_head.
#include <cmath>

#include "mha_function.hpp"

namespace kata {

kt::Tensor mha(const kt::Tensor& x, const kt::Tensor& Wq, const kt::Tensor& Wk,
               const kt::Tensor& Wv, const kt::Tensor& Wo, int64_t h,
               const std::optional<kt::Tensor>& mask) {
  const int64_t B = x.size(0), T = x.size(1), d = x.size(2), d_head = d / h;
  const auto split = [&](const kt::Tensor& y) { return y.view({B, T, h, d_head}).transpose(1, 2); };
  const kt::Tensor q = split(kt::matmul(x, Wq) / std::sqrt(double(d)));
  kt::Tensor scores = kt::matmul(q, split(kt::matmul(x, Wk)).transpose(-2, -1));
  if (mask) scores = scores.masked_fill(~*mask, kt::finfo(scores.dtype()).min);
  const kt::Tensor out = kt::matmul(kt::softmax(scores, -1), split(kt::matmul(x, Wv)));
  return kt::matmul(out.transpose(1, 2).contiguous().view({B, T, d}), Wo);
}

}  // namespace kata
