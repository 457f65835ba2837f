// expect: fail
// Wrong, no named pitfall (written blind, round 51): a hand softmax that subtracts the maximum of
// the whole score tensor (amax with no dim), not each row's.
#include "mha_function.hpp"

#include <cmath>

namespace kata {

kt::Tensor mha(const kt::Tensor& x, const kt::Tensor& Wq, const kt::Tensor& Wk,
               const kt::Tensor& Wv, const kt::Tensor& Wo, int64_t h,
               const std::optional<kt::Tensor>& mask) {
  const int64_t B = x.size(0);
  const int64_t T = x.size(1);
  const int64_t d = x.size(2);
  const int64_t d_head = d / h;

  auto split = [&](const kt::Tensor& t) { return t.view({B, T, h, d_head}).transpose(1, 2); };
  kt::Tensor q = split(kt::matmul(x, Wq));
  kt::Tensor k = split(kt::matmul(x, Wk));
  kt::Tensor v = split(kt::matmul(x, Wv));

  kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) / std::sqrt(static_cast<double>(d_head));
  if (mask) {
    scores = scores.masked_fill(~*mask, kt::finfo(scores.dtype()).min);
  }

  // Stable softmax over the keys: subtract the max before exp.
  kt::Tensor e = kt::exp(scores - kt::amax(scores));
  kt::Tensor weights = e / kt::sum(e, -1, true);

  kt::Tensor heads = kt::matmul(weights, v);  // (B, h, T, d_head)
  kt::Tensor merged = heads.transpose(1, 2).contiguous().view({B, T, d});
  return kt::matmul(merged, Wo);
}

}  // namespace kata
