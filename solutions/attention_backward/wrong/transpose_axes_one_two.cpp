// expect: fail
// Wrong: every "transpose the last two axes" is written transpose(1, 2), as if the inputs were
// always (B, T, d), so inputs without a leading axis throw and inputs with two leading axes swap
// the wrong pair.
#include <cmath>
#include <limits>

#include "attention_backward.hpp"

namespace kata {

namespace {

// The matrix transpose of a batch of matrices (B, rows, cols).
kt::Tensor mT(const kt::Tensor& t) { return t.transpose(1, 2); }

}  // namespace

AttentionGrads attention_backward(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                                  const kt::Tensor& dout, bool is_causal) {
  const int64_t T = q.size(-2);
  const double scale = 1.0 / std::sqrt(static_cast<double>(q.size(-1)));

  kt::Tensor s = kt::matmul(q, mT(k)) * scale;  // (B, T, T)
  if (is_causal) {
    const kt::Tensor future = kt::arange(static_cast<double>(T)).unsqueeze(0) >
                              kt::arange(static_cast<double>(T)).unsqueeze(1);  // key j > query i
    s = s.masked_fill(future, -std::numeric_limits<double>::infinity());
  }
  const kt::Tensor p = kt::softmax(s, -1);

  const kt::Tensor dv = kt::matmul(mT(p), dout);
  const kt::Tensor dp = kt::matmul(dout, mT(v));
  const kt::Tensor ds = p * (dp - kt::sum(p * dp, -1, true));
  const kt::Tensor dq = kt::matmul(ds, k) * scale;
  const kt::Tensor dk = kt::matmul(mT(ds), q) * scale;
  return {dq, dk, dv};
}

}  // namespace kata
