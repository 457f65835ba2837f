// expect: fail
// expect-diagnosis: residual_added
// Wrong, no named pitfall: the input x is added to the projected output (a residual connection,
// which belongs to the block around attention, not to attention).
#include <cmath>

#include "mha_function.hpp"

namespace kata {

kt::Tensor mha(const kt::Tensor& x, const kt::Tensor& Wq, const kt::Tensor& Wk,
               const kt::Tensor& Wv, const kt::Tensor& Wo, int64_t h,
               const std::optional<kt::Tensor>& mask) {
  const int64_t B = x.size(0), T = x.size(1), d = x.size(2), d_head = d / h;
  const auto split = [&](const kt::Tensor& y) { return y.view({B, T, h, d_head}).transpose(1, 2); };
  const kt::Tensor q = split(kt::matmul(x, Wq)), k = split(kt::matmul(x, Wk)),
                   v = split(kt::matmul(x, Wv));
  kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) / std::sqrt(double(d_head));
  if (mask) scores = scores.masked_fill(~*mask, kt::finfo(scores.dtype()).min);
  const kt::Tensor out = kt::matmul(kt::softmax(scores, -1), v);
  return kt::matmul(out.transpose(1, 2).contiguous().view({B, T, d}), Wo) + x;
}

}  // namespace kata
