// expect: fail
// expect-diagnosis: own_key_always_attended
// Wrong, no named pitfall: each query may always attend its own key (the mask ORed with the
// identity), and a row with no key attends every key. Right wherever the mask keeps each query its
// own key; wrong on a row that keeps other keys only.
#include <cmath>

#include "mha_function.hpp"

namespace kata {

kt::Tensor mha(const kt::Tensor& x, const kt::Tensor& Wq, const kt::Tensor& Wk,
               const kt::Tensor& Wv, const kt::Tensor& Wo, int64_t h,
               const std::optional<kt::Tensor>& mask) {
  const int64_t B = x.size(0), T = x.size(1), d = x.size(2), d_head = d / h;
  // (B, T, d) -> (B, T, h, d_head) -> (B, h, T, d_head): head i owns features [i*d_head, ...).
  const auto split = [&](const kt::Tensor& y) { return y.view({B, T, h, d_head}).transpose(1, 2); };
  const kt::Tensor q = split(kt::matmul(x, Wq));  // x @ W: the weights are (in, out)
  const kt::Tensor k = split(kt::matmul(x, Wk));
  const kt::Tensor v = split(kt::matmul(x, Wv));

  kt::Tensor scores =
      kt::matmul(q, k.transpose(-2, -1)) / std::sqrt(double(d_head));  // (B, h, T, T)
  if (mask) {
    const kt::Tensor padded = ~kt::any(*mask, -1, true);  // rows with no key: attend every key
    const kt::Tensor keep = *mask | (kt::eye(T, T, kt::Bool) | padded);
    scores = scores.masked_fill(~keep, kt::finfo(scores.dtype()).min);
  }
  const kt::Tensor out = kt::matmul(kt::softmax(scores, -1), v);  // (B, h, T, d_head)

  // Back to (B, T, h, d_head); the transposed view must be made contiguous before view().
  const kt::Tensor merged = out.transpose(1, 2).contiguous().view({B, T, d});
  return kt::matmul(merged, Wo);
}

}  // namespace kata
