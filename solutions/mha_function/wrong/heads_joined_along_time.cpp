// expect: fail
// The heads joined along the time axis instead of the features: out (B, h, T, d_head) viewed
// as (B, h * T, d_head), so the result is (B, h * T, d_head) where (B, T, d) belongs (or the
// matmul with Wo throws).
#include <cmath>

#include "mha_function.hpp"

namespace kata {

kt::Tensor mha(const kt::Tensor& x, const kt::Tensor& Wq, const kt::Tensor& Wk,
               const kt::Tensor& Wv, const kt::Tensor& Wo, int64_t h,
               const std::optional<kt::Tensor>& mask) {
  const int64_t B = x.size(0), T = x.size(1), d = x.size(2), d_head = d / h;
  const auto split = [&](const kt::Tensor& y) { return y.view({B, T, h, d_head}).transpose(1, 2); };
  const kt::Tensor q = split(kt::matmul(x, Wq));
  const kt::Tensor k = split(kt::matmul(x, Wk));
  const kt::Tensor v = split(kt::matmul(x, Wv));
  kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) / std::sqrt(double(d_head));
  if (mask) scores = scores.masked_fill(~*mask, kt::finfo(scores.dtype()).min);
  const kt::Tensor out = kt::matmul(kt::softmax(scores, -1), v);
  const kt::Tensor merged = out.contiguous().view({B, h * T, d_head});
  return kt::matmul(merged, Wo);
}

}  // namespace kata
