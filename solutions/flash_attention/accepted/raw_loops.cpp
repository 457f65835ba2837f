// expect: pass
// Accepted: plain loops over raw pointers, one query at a time, the keys in blocks with a running
// maximum, sum and accumulator; nothing larger than a block is kept, and a causal query stops at
// its own key.
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "flash_attention.hpp"

namespace kata {

kt::Tensor flash_attention(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                           bool is_causal, int64_t block_size) {
  const kt::Tensor q64 = q.to(kt::Float64).contiguous(), k64 = k.to(kt::Float64).contiguous();
  const kt::Tensor v64 = v.to(kt::Float64).contiguous();
  const int64_t T = q.size(-2), d = q.size(-1), dv = v.size(-1);
  int64_t batch = 1;
  for (int64_t a = 0; a + 2 < q.dim(); ++a) batch *= q.size(a);
  kt::Shape shape = q.sizes();
  shape.back() = dv;
  kt::Tensor out = kt::zeros(shape, kt::Float64);
  const double* qp = q64.data<double>();
  const double* kp = k64.data<double>();
  const double* vp = v64.data<double>();
  double* op = out.data<double>();
  const double scale = 1.0 / std::sqrt(double(d));
  std::vector<double> s(static_cast<size_t>(block_size));
  for (int64_t b = 0; b < batch; ++b) {
    for (int64_t i = 0; i < T; ++i) {
      const int64_t end = is_causal ? i + 1 : T;
      double m = -std::numeric_limits<double>::infinity(), l = 0;
      double* acc = op + (b * T + i) * dv;
      for (int64_t k0 = 0; k0 < end; k0 += block_size) {
        const int64_t k1 = std::min(end, k0 + block_size);
        double m_new = m;
        for (int64_t j = k0; j < k1; ++j) {
          double dot = 0;
          for (int64_t c = 0; c < d; ++c) dot += qp[(b * T + i) * d + c] * kp[(b * T + j) * d + c];
          s[size_t(j - k0)] = dot * scale;
          m_new = std::max(m_new, s[size_t(j - k0)]);
        }
        const double alpha = std::exp(m - m_new);
        l *= alpha;
        for (int64_t c = 0; c < dv; ++c) acc[c] *= alpha;
        for (int64_t j = k0; j < k1; ++j) {
          const double p = std::exp(s[size_t(j - k0)] - m_new);
          l += p;
          for (int64_t c = 0; c < dv; ++c) acc[c] += p * vp[(b * T + j) * dv + c];
        }
        m = m_new;
      }
      for (int64_t c = 0; c < dv; ++c) acc[c] /= l;
    }
  }
  return out.to(q.dtype());
}

}  // namespace kata
