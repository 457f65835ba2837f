// expect: fail
// expect-diagnosis: rowsum_of_dp
// Wrong: dS = P ∘ (dP − rowsum(dP)), the row sum of dP subtracted instead of the row sum of
// P ∘ dP (the weights forgotten inside the sum). The term is there, of the wrong thing.
#include <cmath>

#include "attention_backward.hpp"

namespace kata {

AttentionGrads attention_backward(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                                  const kt::Tensor& dout, bool is_causal) {
  const int64_t T = q.size(-2);
  const double root_d = std::sqrt(double(q.size(-1)));
  kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) / root_d;
  if (is_causal) {
    const kt::Tensor hidden = ~kt::tril(kt::ones({T, T}, kt::Bool));
    scores = scores.masked_fill(hidden, kt::finfo(kt::Float64).min);
  }
  const kt::Tensor p = kt::softmax(scores, -1);

  const kt::Tensor dv = kt::matmul(p.transpose(-2, -1), dout);
  const kt::Tensor dp = kt::matmul(dout, v.transpose(-2, -1));
  const kt::Tensor ds = p * (dp - kt::sum(dp, -1, /*keepdim=*/true));
  const kt::Tensor dq = kt::matmul(ds, k) / root_d;
  const kt::Tensor dk = kt::matmul(ds.transpose(-2, -1), q) / root_d;
  return {dq, dk, dv};
}

}  // namespace kata
