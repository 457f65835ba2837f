// expect: pass
// Accepted: one head at a time with narrow() on the projected features, concatenated back.
#include <cmath>
#include <vector>

#include "mha_function.hpp"

namespace kata {

kt::Tensor mha(const kt::Tensor& x, const kt::Tensor& Wq, const kt::Tensor& Wk,
               const kt::Tensor& Wv, const kt::Tensor& Wo, int64_t h,
               const std::optional<kt::Tensor>& mask) {
  const int64_t d = x.size(2), d_head = d / h;
  const kt::Tensor q = kt::matmul(x, Wq), k = kt::matmul(x, Wk), v = kt::matmul(x, Wv);
  std::vector<kt::Tensor> heads;
  for (int64_t i = 0; i < h; ++i) {
    const kt::Tensor qi = q.narrow(2, i * d_head, d_head);
    const kt::Tensor ki = k.narrow(2, i * d_head, d_head);
    const kt::Tensor vi = v.narrow(2, i * d_head, d_head);
    kt::Tensor scores = kt::matmul(qi, ki.transpose(1, 2)) / std::sqrt(double(d_head));
    if (mask) {
      // The mask broadcasts to (B, h, T, T): expanded to it, then head i's slice.
      const int64_t T = x.size(1);
      const kt::Tensor m = mask->expand({x.size(0), h, T, T}).select(1, i);
      scores = scores.masked_fill(~m, kt::finfo(kt::Float64).min);
    }
    heads.push_back(kt::matmul(kt::softmax(scores, -1), vi));
  }
  return kt::matmul(kt::cat(heads, 2), Wo);
}

}  // namespace kata
