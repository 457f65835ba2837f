// expect: fail
// expect-diagnosis: softmax_without_max
// Wrong, no named pitfall: a softmax by hand, exp(scores) / sum, with no maximum subtracted. A
// fully masked row (every score finfo.min) gives 0 / 0, and large scores overflow.
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
  const kt::Tensor e = kt::exp(scores);
  const kt::Tensor out = kt::matmul(e / kt::sum(e, -1, /*keepdim=*/true), v);
  return kt::matmul(out.transpose(1, 2).contiguous().view({B, T, d}), Wo);
}

}  // namespace kata
