// expect: fail
// expect-diagnosis: causal_mask_fills_zero
// The causal mask fills the hidden scores with 0, not with the lowest value: the future keys
// keep a weight of exp(0 - max) in the softmax, forward and backward.
#include <cmath>

#include "attention_backward.hpp"

namespace kata {

AttentionGrads attention_backward(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                                  const kt::Tensor& dout, bool is_causal) {
  const int64_t T = q.size(-2);
  const double scale = 1.0 / std::sqrt(double(q.size(-1)));
  kt::Tensor s = kt::matmul(q, k.transpose(-2, -1)) * scale;  // (…, T, T)
  if (is_causal) s = s.masked_fill(~kt::tril(kt::ones({T, T}, kt::Bool)), 0.0);
  const kt::Tensor p = kt::softmax(s, -1);  // masked weights are exactly 0

  // out = p v: dv = pᵀ dout, dp = dout vᵀ.
  const kt::Tensor dv = kt::matmul(p.transpose(-2, -1), dout);
  const kt::Tensor dp = kt::matmul(dout, v.transpose(-2, -1));
  // p = softmax(s) row by row: ds_ij = p_ij (dp_ij - sum_l p_il dp_il), the softmax's Jacobian.
  // A masked entry has p = 0, so it gets no gradient (and neither do the key and value behind it).
  const kt::Tensor ds = p * (dp - kt::sum(p * dp, -1, /*keepdim=*/true));
  // s = q kᵀ · scale: dq = ds k · scale, dk = dsᵀ q · scale.
  const kt::Tensor dq = kt::matmul(ds, k) * scale;
  const kt::Tensor dk = kt::matmul(ds.transpose(-2, -1), q) * scale;
  return {dq, dk, dv};
}

}  // namespace kata
