// expect: fail
// expect-diagnosis: depends_on_earlier_calls
// Wrong: the fused [Wq | Wk | Wv] matrix is built once in a function-local static, so every call
// after the first projects with the first call's weights.
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

  // One matmul for the three projections: (d, 3d), built once.
  static kt::Tensor W_qkv;
  if (!W_qkv.defined()) W_qkv = kt::cat({Wq, Wk, Wv}, 1);
  const kt::Tensor qkv = kt::matmul(x, W_qkv);  // (B, T, 3d)

  auto heads = [&](int64_t which) {
    return qkv.narrow(-1, which * d, d)
        .reshape({B, T, h, d_head})
        .transpose(1, 2);  // (B, h, T, dh)
  };
  const kt::Tensor q = heads(0);
  const kt::Tensor k = heads(1);
  const kt::Tensor v = heads(2);

  kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) / std::sqrt(static_cast<double>(d_head));
  if (mask.has_value()) {
    scores = kt::masked_fill(scores, ~(*mask), kt::finfo(scores.dtype()).min);
  }
  const kt::Tensor o = kt::matmul(kt::softmax(scores, -1), v);  // (B, h, T, dh)
  const kt::Tensor merged = o.transpose(1, 2).reshape({B, T, d});
  return kt::matmul(merged, Wo);
}

}  // namespace kata
