// expect: pass
// Accepted: written as per-head circuits, scores_h = x (Wq_h Wk_hᵀ / √d_head) xᵀ and out = Σ_h A_h
// x (Wv_h Wo_h), so q, k, v are never formed and no head is split or merged.
#include "mha_function.hpp"

#include <cmath>
#include <vector>

namespace kata {

kt::Tensor mha(const kt::Tensor& x, const kt::Tensor& Wq, const kt::Tensor& Wk,
               const kt::Tensor& Wv, const kt::Tensor& Wo, int64_t h,
               const std::optional<kt::Tensor>& mask) {
  const int64_t d = x.size(2);
  const int64_t d_head = d / h;
  const double scale = 1.0 / std::sqrt(static_cast<double>(d_head));
  const kt::Tensor xt = x.transpose(1, 2);  // (B, d, T)

  // QK circuit of each head: its (d, d) bilinear form, stacked on a heads axis.
  std::vector<kt::Tensor> per_head_scores;
  per_head_scores.reserve(static_cast<size_t>(h));
  for (int64_t i = 0; i < h; ++i) {
    const kt::Tensor Wq_i = Wq.narrow(1, i * d_head, d_head);              // (d, dh)
    const kt::Tensor Wk_i = Wk.narrow(1, i * d_head, d_head);              // (d, dh)
    const kt::Tensor qk = kt::matmul(Wq_i, Wk_i.transpose(0, 1)) * scale;  // (d, d)
    per_head_scores.push_back(kt::matmul(kt::matmul(x, qk), xt));          // (B, T, T)
  }
  kt::Tensor scores = kt::stack(per_head_scores, 1);  // (B, h, T, T)
  if (mask.has_value()) {
    scores = kt::masked_fill(scores, ~(*mask), kt::finfo(scores.dtype()).min);
  }
  const kt::Tensor A = kt::softmax(scores, -1);  // (B, h, T, T)

  // OV circuit of each head: the values it reads, already through its rows of Wo.
  kt::Tensor out;
  for (int64_t i = 0; i < h; ++i) {
    const kt::Tensor Wv_i = Wv.narrow(1, i * d_head, d_head);        // (d, dh)
    const kt::Tensor Wo_i = Wo.narrow(0, i * d_head, d_head);        // (dh, d)
    const kt::Tensor ov = kt::matmul(Wv_i, Wo_i);                    // (d, d)
    const kt::Tensor A_i = A.select(1, i);                           // (B, T, T)
    const kt::Tensor head_out = kt::matmul(A_i, kt::matmul(x, ov));  // (B, T, d)
    out = out.defined() ? out + head_out : head_out;
  }
  return out;
}

}  // namespace kata
