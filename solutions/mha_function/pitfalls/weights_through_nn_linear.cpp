// expect-pitfalls: weight_transposed
// Loads each weight into a kt::nn::Linear (weight = W, no bias) and calls it: the layer computes x
// @ Wᵀ.
#include <cmath>

#include "mha_function.hpp"

namespace kata {

kt::Tensor mha(const kt::Tensor& x, const kt::Tensor& Wq, const kt::Tensor& Wk,
               const kt::Tensor& Wv, const kt::Tensor& Wo, int64_t h,
               const std::optional<kt::Tensor>& mask) {
  const int64_t B = x.size(0), T = x.size(1), d = x.size(2), d_head = d / h;
  const auto layer = [&](const kt::Tensor& W) {
    kt::nn::Linear l(d, d, /*bias=*/false);
    l.weight = W;
    return l;
  };
  const kt::nn::Linear q_proj = layer(Wq), k_proj = layer(Wk), v_proj = layer(Wv),
                       out_proj = layer(Wo);
  const auto split = [&](const kt::Tensor& y) { return y.view({B, T, h, d_head}).transpose(1, 2); };
  kt::Tensor scores =
      kt::matmul(split(q_proj(x)), split(k_proj(x)).transpose(-2, -1)) / std::sqrt(double(d_head));
  if (mask) scores = scores.masked_fill(~*mask, kt::finfo(scores.dtype()).min);
  const kt::Tensor out = kt::matmul(kt::softmax(scores, -1), split(v_proj(x)));
  return out_proj(out.transpose(1, 2).contiguous().view({B, T, d}));
}

}  // namespace kata
