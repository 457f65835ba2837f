// expect-pitfalls: weight_transposed, scale_by_d_head
// Known bad, a double: every weight applied as x @ Wᵀ (nn.Linear's habit) and the scores divided
// by d_head instead of sqrt(d_head).
#include <cmath>

#include "mha_function.hpp"

namespace kata {

kt::Tensor mha(const kt::Tensor& x, const kt::Tensor& Wq, const kt::Tensor& Wk,
               const kt::Tensor& Wv, const kt::Tensor& Wo, int64_t h,
               const std::optional<kt::Tensor>& mask) {
  const int64_t B = x.size(0), T = x.size(1), d = x.size(2), d_head = d / h;
  const auto split = [&](const kt::Tensor& y) { return y.view({B, T, h, d_head}).transpose(1, 2); };
  const kt::Tensor q = split(kt::matmul(x, Wq.transpose(0, 1)));
  const kt::Tensor k = split(kt::matmul(x, Wk.transpose(0, 1)));
  const kt::Tensor v = split(kt::matmul(x, Wv.transpose(0, 1)));
  kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) / double(d_head);
  if (mask) scores = scores.masked_fill(~*mask, kt::finfo(scores.dtype()).min);
  const kt::Tensor out = kt::matmul(kt::softmax(scores, -1), v);
  const kt::Tensor merged = out.transpose(1, 2).contiguous().view({B, T, d});
  return kt::matmul(merged, Wo.transpose(0, 1));
}

}  // namespace kata
