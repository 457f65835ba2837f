// expect-pitfalls: weight_transposed
// The output projection applied as merged @ Woᵀ: the other three weights are (in, out), Wo read as
// (out, in).
#include <cmath>

#include "mha_function.hpp"

namespace kata {

kt::Tensor mha(const kt::Tensor& x, const kt::Tensor& Wq, const kt::Tensor& Wk,
               const kt::Tensor& Wv, const kt::Tensor& Wo, int64_t h,
               const std::optional<kt::Tensor>& mask) {
  const int64_t B = x.size(0), T = x.size(1), d = x.size(2), d_head = d / h;
  // (B, T, d) -> (B, T, h, d_head) -> (B, h, T, d_head): head i owns features [i*d_head, ...).
  const auto split = [&](const kt::Tensor& y) { return y.view({B, T, h, d_head}).transpose(1, 2); };
  const kt::Tensor q = split(kt::matmul(x, Wq));  // x @ W: the weights are (in, out)
  const kt::Tensor k = split(kt::matmul(x, Wk));
  const kt::Tensor v = split(kt::matmul(x, Wv));

  kt::Tensor scores =
      kt::matmul(q, k.transpose(-2, -1)) / std::sqrt(double(d_head));  // (B, h, T, T)
  // Mask before the softmax with the lowest finite value: a fully masked row stays finite.
  if (mask) scores = scores.masked_fill(~*mask, kt::finfo(scores.dtype()).min);
  const kt::Tensor out = kt::matmul(kt::softmax(scores, -1), v);  // (B, h, T, d_head)

  // Back to (B, T, h, d_head); the transposed view must be made contiguous before view().
  const kt::Tensor merged = out.transpose(1, 2).contiguous().view({B, T, d});
  return kt::matmul(merged, Wo.transpose(0, 1));
}

}  // namespace kata
