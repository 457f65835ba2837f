// expect-pitfalls: mask_grad_leak, dk_from_transposed_wrong
// Known bad, two mistakes: dv taken from weights computed before the mask (dS uses the masked
// ones), and dk = dS q / √d, the score gradient not transposed.
#include <cmath>

#include "attention_backward.hpp"

namespace kata {

AttentionGrads attention_backward(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                                  const kt::Tensor& dout, bool is_causal) {
  const int64_t T = q.size(-2);
  const double scale = 1.0 / std::sqrt(double(q.size(-1)));
  kt::Tensor s = kt::matmul(q, k.transpose(-2, -1)) * scale;  // (…, T, T)
  const kt::Tensor p_unmasked = kt::softmax(s, -1);
  if (is_causal) s = s.masked_fill(~kt::tril(kt::ones({T, T}, kt::Bool)), kt::finfo(s.dtype()).min);
  const kt::Tensor p = kt::softmax(s, -1);

  const kt::Tensor dv = kt::matmul(p_unmasked.transpose(-2, -1), dout);
  const kt::Tensor dp = kt::matmul(dout, v.transpose(-2, -1));
  const kt::Tensor ds = p * (dp - kt::sum(p * dp, -1, /*keepdim=*/true));
  const kt::Tensor dq = kt::matmul(ds, k) * scale;
  const kt::Tensor dk = kt::matmul(ds, q) * scale;
  return {dq, dk, dv};
}

}  // namespace kata
