// expect: pass
// Accepted: Float32 inputs are computed in Float64 and the result converted back to q's dtype.
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "flash_attention.hpp"

namespace kata {

namespace {

kt::Tensor blocked(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v, bool causal,
                   int64_t block) {
  const int64_t T = q.size(-2);
  const double scale = 1.0 / std::sqrt(double(q.size(-1)));
  std::vector<kt::Tensor> rows;
  for (int64_t q0 = 0; q0 < T; q0 += block) {
    const int64_t q1 = std::min(T, q0 + block);
    const kt::Tensor qb = q.slice(-2, q0, q1) * scale;
    kt::Tensor m, l, acc;
    for (int64_t k0 = 0; k0 < (causal ? q1 : T); k0 += block) {
      const int64_t k1 = std::min(T, k0 + block);
      kt::Tensor s = kt::matmul(qb, k.slice(-2, k0, k1).transpose(-2, -1));
      if (causal && k1 > q0) {
        s = s.masked_fill(~kt::tril(kt::ones({q1 - q0, k1 - k0}, kt::Bool), q0 - k0),
                          -std::numeric_limits<double>::infinity());
      }
      const kt::Tensor rowmax = kt::amax(s, -1, true);
      const kt::Tensor m_new = m.defined() ? kt::maximum(m, rowmax) : rowmax;
      const kt::Tensor p = kt::exp(s - m_new);
      const kt::Tensor ps = kt::sum(p, -1, true), pv = kt::matmul(p, v.slice(-2, k0, k1));
      if (m.defined()) {
        const kt::Tensor alpha = kt::exp(m - m_new);
        l = l * alpha + ps;
        acc = acc * alpha + pv;
      } else {
        l = ps;
        acc = pv;
      }
      m = m_new;
    }
    rows.push_back(acc / l);
  }
  return kt::cat(rows, -2);
}

}  // namespace

kt::Tensor flash_attention(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                           bool is_causal, int64_t block_size) {
  return blocked(q.to(kt::Float64), k.to(kt::Float64), v.to(kt::Float64), is_causal, block_size)
      .to(q.dtype());
}

}  // namespace kata
