#include "reference/attention_backward/attention_backward.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace ref {

AttentionGrads attention_backward(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                                  const kt::Tensor& dout, bool is_causal) {
  const kt::Shape shape = q.sizes();
  if (q.dim() < 2 || k.sizes() != shape || v.sizes() != shape || dout.sizes() != shape) {
    throw kt::ShapeError("ref::attention_backward: q " + kt::shape_str(shape) + ", k " +
                         kt::shape_str(k.sizes()) + ", v " + kt::shape_str(v.sizes()) +
                         " and dout " + kt::shape_str(dout.sizes()) +
                         " must all be the same (…, T, d)");
  }
  const int64_t T = shape[shape.size() - 2], d = shape.back();
  int64_t batch = 1;
  for (size_t a = 0; a + 2 < shape.size(); ++a) batch *= shape[a];
  const std::vector<double> qv = q.to(kt::Float64).to_vector<double>();
  const std::vector<double> kv = k.to(kt::Float64).to_vector<double>();
  const std::vector<double> vv = v.to(kt::Float64).to_vector<double>();
  const std::vector<double> ov = dout.to(kt::Float64).to_vector<double>();
  std::vector<double> dq(qv.size(), 0.0), dk(qv.size(), 0.0), dv(qv.size(), 0.0);
  const double scale = 1.0 / std::sqrt(double(d));
  const auto n = static_cast<size_t>(T);
  std::vector<double> p(n * n), ds(n * n);
  for (int64_t b = 0; b < batch; ++b) {
    const size_t base = size_t(b * T * d);
    const auto at = [&](const std::vector<double>& x, int64_t row, int64_t c) {
      return x[base + size_t(row * d + c)];
    };
    for (int64_t i = 0; i < T; ++i) {
      const int64_t keys = is_causal ? i + 1 : T;  // query i sees keys [0, keys)
      double max = -INFINITY;
      for (int64_t j = 0; j < T; ++j) {
        double s = 0;
        for (int64_t c = 0; c < d; ++c) s += at(qv, i, c) * at(kv, j, c);
        p[size_t(i * T + j)] = s * scale;
        if (j < keys) max = std::max(max, s * scale);
      }
      double sum = 0;
      for (int64_t j = 0; j < T; ++j) {
        const double e = j < keys ? std::exp(p[size_t(i * T + j)] - max) : 0.0;
        p[size_t(i * T + j)] = e;
        sum += e;
      }
      for (int64_t j = 0; j < T; ++j) p[size_t(i * T + j)] /= sum;
      // dP_ij = dout_i · v_j; dS_ij = P_ij (dP_ij - sum_l P_il dP_il).
      double row = 0;
      for (int64_t j = 0; j < T; ++j) {
        double dp = 0;
        for (int64_t c = 0; c < d; ++c) dp += at(ov, i, c) * at(vv, j, c);
        ds[size_t(i * T + j)] = dp;
        row += p[size_t(i * T + j)] * dp;
      }
      for (int64_t j = 0; j < T; ++j) {
        ds[size_t(i * T + j)] = p[size_t(i * T + j)] * (ds[size_t(i * T + j)] - row);
      }
    }
    for (int64_t i = 0; i < T; ++i) {
      for (int64_t j = 0; j < T; ++j) {
        const double w = p[size_t(i * T + j)], g = ds[size_t(i * T + j)];
        for (int64_t c = 0; c < d; ++c) {
          dv[base + size_t(j * d + c)] += w * at(ov, i, c);          // dv = Pᵀ dout
          dq[base + size_t(i * d + c)] += g * at(kv, j, c) * scale;  // dq = dS k / √d
          dk[base + size_t(j * d + c)] += g * at(qv, i, c) * scale;  // dk = dSᵀ q / √d
        }
      }
    }
  }
  return {kt::from_vector(dq, shape), kt::from_vector(dk, shape), kt::from_vector(dv, shape)};
}

}  // namespace ref
