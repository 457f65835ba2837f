// expect: fail
// Wrong, no named pitfall (written blind, round 51): the causal mask applied to the weights after
// the softmax (the future zeroed, rows not renormalised), not to the scores before it.
#include "attention_backward.hpp"

#include <cmath>

namespace kata {

AttentionGrads attention_backward(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                                  const kt::Tensor& dout, bool is_causal) {
  const int64_t t = q.size(-2);
  const double scale = 1.0 / std::sqrt(static_cast<double>(q.size(-1)));

  // Forward: the attention weights.
  const kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) * scale;
  kt::Tensor p = kt::softmax(scores, -1);
  if (is_causal) {
    const kt::Tensor future = kt::triu(kt::ones({t, t}, kt::Bool), 1);
    p = p.masked_fill(future, 0.0);
  }

  // out = p v
  const kt::Tensor dv = kt::matmul(p.transpose(-2, -1), dout);
  const kt::Tensor dp = kt::matmul(dout, v.transpose(-2, -1));

  // Softmax backward: ds = p * (dp - sum_j dp_j p_j).
  const kt::Tensor ds = p * (dp - kt::sum(dp * p, -1, true));

  // s = q kᵀ * scale
  const kt::Tensor dq = kt::matmul(ds, k) * scale;
  const kt::Tensor dk = kt::matmul(ds.transpose(-2, -1), q) * scale;
  return {dq, dk, dv};
}

}  // namespace kata
