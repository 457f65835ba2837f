// expect: fail
// Wrong, no named pitfall (written blind, round 51): `kt::Tensor ds = p; ds.copy_(...)`: the
// softmax backward written into p itself (a kt::Tensor copy shares storage), so dv, computed after
// it, uses dS where the weights belong.
#include "attention_backward.hpp"

#include <cmath>
#include <limits>

namespace kata {

AttentionGrads attention_backward(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                                  const kt::Tensor& dout, bool is_causal) {
  const int64_t t = q.size(-2);
  const double scale = 1.0 / std::sqrt(static_cast<double>(q.size(-1)));

  // Forward: recompute the weights.
  kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) * scale;
  if (is_causal) {
    const kt::Tensor future = kt::triu(kt::ones({t, t}, kt::Bool), 1);
    scores = scores.masked_fill(future, -std::numeric_limits<double>::infinity());
  }
  const kt::Tensor p = kt::softmax(scores, -1);

  // Gradient of the weights, then through the softmax.
  const kt::Tensor dp = kt::matmul(dout, v.transpose(-2, -1));
  kt::Tensor ds = p;
  ds.copy_(p * (dp - kt::sum(dp * p, -1, true)));

  AttentionGrads grads;
  grads.dq = kt::matmul(ds, k) * scale;
  grads.dk = kt::matmul(ds.transpose(-2, -1), q) * scale;
  grads.dv = kt::matmul(p.transpose(-2, -1), dout);
  return grads;
}

}  // namespace kata
