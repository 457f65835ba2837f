// expect: pass
// Accepted: no merge; each head's output goes through its own rows of Wo and the heads' results
// are summed. merged @ Wo is exactly that sum, split by the rows of Wo that each head's features
// meet.
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
  const kt::Tensor heads = kt::matmul(kt::softmax(scores, -1), v);  // (B, h, T, d_head)
  kt::Tensor out = kt::zeros({B, T, d}, x.dtype());
  for (int64_t i = 0; i < h; ++i) {
    const kt::Tensor head = heads.select(1, i);  // (B, T, d_head)
    out = out + kt::matmul(head, Wo.narrow(0, i * d_head, d_head));
  }
  return out;
}

}  // namespace kata
