// expect: fail
// expect-diagnosis: softmax_over_queries
// Wrong: the weights recomputed with the softmax over the queries (dim -2) instead of the keys,
// so each key's column sums to 1, not each query's row; the rest of the backward is right.
#include <cmath>

#include "attention_backward.hpp"

namespace kata {

AttentionGrads attention_backward(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                                  const kt::Tensor& dout, bool is_causal) {
  const int64_t T = q.size(-2);
  const double scale = 1.0 / std::sqrt(double(q.size(-1)));
  kt::Tensor s = kt::matmul(q, k.transpose(-2, -1)) * scale;  // (…, T queries, T keys)
  if (is_causal) s = s.masked_fill(~kt::tril(kt::ones({T, T}, kt::Bool)), kt::finfo(s.dtype()).min);
  const kt::Tensor p = kt::softmax(s, -2);

  const kt::Tensor dv = kt::matmul(p.transpose(-2, -1), dout);
  const kt::Tensor dp = kt::matmul(dout, v.transpose(-2, -1));
  const kt::Tensor ds = p * (dp - kt::sum(p * dp, -1, /*keepdim=*/true));
  const kt::Tensor dq = kt::matmul(ds, k) * scale;
  const kt::Tensor dk = kt::matmul(ds.transpose(-2, -1), q) * scale;
  return {dq, dk, dv};
}

}  // namespace kata
