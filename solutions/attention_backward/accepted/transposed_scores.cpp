// expect: pass
// Accepted: works on the transposed scores Sᵀ = k qᵀ / √d (keys along the rows), with the softmax,
// the causal mask and the rowsum all taken along axis -2, so dv and dk need no transpose.
#include <cmath>
#include <limits>

#include "attention_backward.hpp"

namespace kata {

AttentionGrads attention_backward(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                                  const kt::Tensor& dout, bool is_causal) {
  const int64_t T = q.size(-2);
  const double scale = 1.0 / std::sqrt(static_cast<double>(q.size(-1)));

  // st[j][i] = k_j . q_i / sqrt(d) = S[i][j]: one column per query.
  kt::Tensor st = kt::matmul(k, q.transpose(-2, -1)) * scale;
  if (is_causal) {
    // Query i may not see key j > i: in st that is row j below column i, the strict lower triangle.
    const kt::Tensor future = kt::arange(static_cast<double>(T)).unsqueeze(1) >
                              kt::arange(static_cast<double>(T)).unsqueeze(0);  // [j][i]: j > i
    st = st.masked_fill(future, -std::numeric_limits<double>::infinity());
  }
  const kt::Tensor pt = kt::softmax(st, -2);  // Pᵀ: each column (a query) sums to 1

  // dv_j = sum_i P[i][j] dout_i = (Pᵀ dout)_j.
  const kt::Tensor dv = kt::matmul(pt, dout);
  // dPᵀ[j][i] = v_j . dout_i.
  const kt::Tensor dpt = kt::matmul(v, dout.transpose(-2, -1));
  // The softmax's backward along each column: dSᵀ = Pᵀ (dPᵀ - sum_j Pᵀ dPᵀ).
  const kt::Tensor dst = pt * (dpt - kt::sum(pt * dpt, -2, true));
  // dq_i = sum_j dS[i][j] k_j / sqrt(d);  dk_j = sum_i dS[i][j] q_i / sqrt(d).
  const kt::Tensor dq = kt::matmul(dst.transpose(-2, -1), k) * scale;
  const kt::Tensor dk = kt::matmul(dst, q) * scale;
  return {dq, dk, dv};
}

}  // namespace kata
