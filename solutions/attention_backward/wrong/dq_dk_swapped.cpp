// expect: fail
// expect-diagnosis: dq_dk_swapped
// Wrong: dq and dk swapped, dq = dSᵀ q / √d and dk = dS k / √d (each one's operand taken from the
// other's side of S = q kᵀ). Each is the other's right value: not dk_from_transposed_wrong.
#include <cmath>

#include "attention_backward.hpp"

namespace kata {

AttentionGrads attention_backward(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                                  const kt::Tensor& dout, bool is_causal) {
  const int64_t T = q.size(-2);
  const double scale = 1.0 / std::sqrt(double(q.size(-1)));
  kt::Tensor s = kt::matmul(q, k.transpose(-2, -1)) * scale;
  if (is_causal) s = s.masked_fill(~kt::tril(kt::ones({T, T}, kt::Bool)), kt::finfo(s.dtype()).min);
  const kt::Tensor p = kt::softmax(s, -1);

  AttentionGrads g;
  g.dv = kt::matmul(p.transpose(-2, -1), dout);
  const kt::Tensor dp = kt::matmul(dout, v.transpose(-2, -1));
  const kt::Tensor ds = p * (dp - kt::sum(p * dp, -1, /*keepdim=*/true));
  g.dq = kt::matmul(ds.transpose(-2, -1), q) * scale;
  g.dk = kt::matmul(ds, k) * scale;
  return g;
}

}  // namespace kata
