// expect: fail
// expect-diagnosis: ds_without_weights
// Wrong: dS = dP − rowsum(P ∘ dP), the factor P ∘ in front left out (the Jacobian's p_ij
// forgotten). The row sum is there: not softmax_backward_no_rowsum.
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

  const kt::Tensor dv = kt::matmul(p.transpose(-2, -1), dout);
  const kt::Tensor dp = kt::matmul(dout, v.transpose(-2, -1));
  const kt::Tensor row = kt::sum(p * dp, -1, /*keepdim=*/true);
  const kt::Tensor ds = dp - row;
  const kt::Tensor dq = kt::matmul(ds, k) * scale;
  const kt::Tensor dk = kt::matmul(ds.transpose(-2, -1), q) * scale;
  return {dq, dk, dv};
}

}  // namespace kata
