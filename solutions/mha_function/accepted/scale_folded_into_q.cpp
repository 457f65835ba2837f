// expect: pass
// Accepted: the scale folded into q before the scores.
#include <cmath>

#include "mha_function.hpp"

namespace kata {

kt::Tensor mha(const kt::Tensor& x, const kt::Tensor& Wq, const kt::Tensor& Wk,
               const kt::Tensor& Wv, const kt::Tensor& Wo, int64_t h,
               const std::optional<kt::Tensor>& mask) {
  const int64_t B = x.size(0), T = x.size(1), d = x.size(2), d_head = d / h;
  const auto split = [&](const kt::Tensor& y) { return y.view({B, T, h, d_head}).transpose(1, 2); };
  const kt::Tensor q = split(kt::matmul(x, Wq)) * (1.0 / std::sqrt(double(d_head)));
  const kt::Tensor k = split(kt::matmul(x, Wk));
  const kt::Tensor v = split(kt::matmul(x, Wv));
  kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1));
  if (mask.has_value()) scores = kt::where(*mask, scores, kt::finfo(kt::Float64).min);
  const kt::Tensor out = kt::matmul(kt::softmax(scores, -1), v);
  return kt::matmul(out.transpose(1, 2).reshape({B, T, d}), Wo);
}

}  // namespace kata
