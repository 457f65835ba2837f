// expect: pass
// Accepted: the three projections fused into one x @ [Wq | Wk | Wv] and split with narrow().
#include <cmath>

#include "mha_function.hpp"

namespace kata {

kt::Tensor mha(const kt::Tensor& x, const kt::Tensor& Wq, const kt::Tensor& Wk,
               const kt::Tensor& Wv, const kt::Tensor& Wo, int64_t h,
               const std::optional<kt::Tensor>& mask) {
  const int64_t B = x.size(0), T = x.size(1), d = x.size(2), d_head = d / h;
  const kt::Tensor qkv = kt::matmul(x, kt::cat({Wq, Wk, Wv}, 1));  // (B, T, 3d)
  const auto head = [&](int64_t part) {
    return qkv.narrow(2, part * d, d).contiguous().view({B, T, h, d_head}).transpose(1, 2);
  };
  kt::Tensor scores = kt::matmul(head(0), head(1).transpose(-2, -1)) / std::sqrt(double(d_head));
  if (mask) scores = scores.masked_fill(~*mask, kt::finfo(kt::Float64).min);
  const kt::Tensor out = kt::matmul(kt::softmax(scores, -1), head(2));
  return kt::matmul(out.transpose(1, 2).contiguous().view({B, T, d}), Wo);
}

}  // namespace kata
