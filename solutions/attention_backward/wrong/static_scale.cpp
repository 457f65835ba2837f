// expect: fail
// expect-diagnosis: depends_on_earlier_calls
// Wrong, no named pitfall (written blind, round 52): the scale a static local: the first call's d
// for every later call.
#include "attention_backward.hpp"

#include <cmath>
#include <limits>

namespace kata {

AttentionGrads attention_backward(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                                  const kt::Tensor& dout, bool is_causal) {
  static const double scale = 1.0 / std::sqrt(static_cast<double>(q.size(-1)));
  const int64_t T = q.size(-2);

  // Forward again: S = q k^T / sqrt(d), masked, P = softmax(S).
  kt::Tensor s = kt::matmul(q, k.transpose(-2, -1)) * scale;
  if (is_causal) {
    const kt::Tensor future = kt::triu(kt::ones({T, T}, kt::Bool), 1);
    s = s.masked_fill(future, -std::numeric_limits<double>::infinity());
  }
  const kt::Tensor p = kt::softmax(s, -1);

  // out = P v
  kt::Tensor dv = kt::matmul(p.transpose(-2, -1), dout);
  const kt::Tensor dp = kt::matmul(dout, v.transpose(-2, -1));

  // Softmax backward: dS = P * (dP - rowsum(dP * P)).
  const kt::Tensor row = kt::sum(dp * p, -1, true);
  const kt::Tensor ds = p * (dp - row);

  // S = q k^T * scale
  kt::Tensor dq = kt::matmul(ds, k) * scale;
  kt::Tensor dk = kt::matmul(ds.transpose(-2, -1), q) * scale;
  return {dq, dk, dv};
}

}  // namespace kata
