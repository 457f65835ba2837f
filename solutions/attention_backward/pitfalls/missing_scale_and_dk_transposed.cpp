// expect-pitfalls: grad_missing_scale, dk_from_transposed_wrong
// Known bad, two mistakes: no 1/√d in dq or dk ("the scale is a constant"), and dk = dS q, the
// score gradient not transposed.
#include <cmath>

#include "attention_backward.hpp"

namespace kata {

AttentionGrads attention_backward(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                                  const kt::Tensor& dout, bool is_causal) {
  const int64_t T = q.size(-2);
  const double scale = 1.0 / std::sqrt(double(q.size(-1)));
  kt::Tensor s = kt::matmul(q, k.transpose(-2, -1)) * scale;  // (…, T, T)
  if (is_causal) s = s.masked_fill(~kt::tril(kt::ones({T, T}, kt::Bool)), kt::finfo(s.dtype()).min);
  const kt::Tensor p = kt::softmax(s, -1);

  const kt::Tensor dv = kt::matmul(p.transpose(-2, -1), dout);
  const kt::Tensor dp = kt::matmul(dout, v.transpose(-2, -1));
  const kt::Tensor ds = p * (dp - kt::sum(p * dp, -1, /*keepdim=*/true));
  const kt::Tensor dq = kt::matmul(ds, k);
  const kt::Tensor dk = kt::matmul(ds, q);
  return {dq, dk, dv};
}

}  // namespace kata
