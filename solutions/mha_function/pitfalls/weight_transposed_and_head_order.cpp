// expect-pitfalls: weight_transposed, wrong_head_order
// Known bad, a double: every weight applied as x @ Wᵀ (nn.Linear's convention), and the heads split
// as view(B, T, d_head, h), so head i gets features i, i+h, ... (merged back the same way).
#include <cmath>

#include "mha_function.hpp"

namespace kata {

kt::Tensor mha(const kt::Tensor& x, const kt::Tensor& Wq, const kt::Tensor& Wk,
               const kt::Tensor& Wv, const kt::Tensor& Wo, int64_t h,
               const std::optional<kt::Tensor>& mask) {
  const int64_t B = x.size(0), T = x.size(1), d = x.size(2), d_head = d / h;
  const auto split = [&](const kt::Tensor& y) {
    return y.view({B, T, d_head, h}).permute({0, 3, 1, 2});
  };
  const kt::Tensor q = split(kt::matmul(x, Wq.transpose(0, 1)));
  const kt::Tensor k = split(kt::matmul(x, Wk.transpose(0, 1)));
  const kt::Tensor v = split(kt::matmul(x, Wv.transpose(0, 1)));
  kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) / std::sqrt(double(d_head));
  if (mask) scores = scores.masked_fill(~*mask, kt::finfo(scores.dtype()).min);
  const kt::Tensor out = kt::matmul(kt::softmax(scores, -1), v);
  const kt::Tensor merged = out.permute({0, 2, 3, 1}).reshape({B, T, d});
  return kt::matmul(merged, Wo.transpose(0, 1));
}

}  // namespace kata
