#include "reference/flash_attention/flash_attention.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

namespace ref {

kt::Tensor flash_attention(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                           bool is_causal) {
  const kt::Shape qs = q.sizes(), ks = k.sizes(), vs = v.sizes();
  const bool fit = q.dim() >= 2 && qs == ks && v.dim() == q.dim() &&
                   std::equal(qs.begin(), qs.end() - 1, vs.begin());
  if (!fit) {
    throw kt::ShapeError("ref::flash_attention: q " + kt::shape_str(qs) + ", k " +
                         kt::shape_str(ks) + " and v " + kt::shape_str(vs) +
                         " do not fit: expected (…, T, d), (…, T, d) and (…, T, d_v)");
  }
  const int64_t T = qs[qs.size() - 2], d = qs.back(), dv = vs.back();
  int64_t batch = 1;
  for (size_t a = 0; a + 2 < qs.size(); ++a) batch *= qs[a];
  const std::vector<double> qv = q.to(kt::Float64).to_vector<double>();
  const std::vector<double> kv = k.to(kt::Float64).to_vector<double>();
  const std::vector<double> vv = v.to(kt::Float64).to_vector<double>();
  std::vector<double> out(size_t(batch * T * dv), 0.0);
  std::vector<double> weights(static_cast<size_t>(T));
  const double scale = 1.0 / std::sqrt(double(d));
  for (int64_t b = 0; b < batch; ++b) {
    const double* qb = qv.data() + b * T * d;
    const double* kb = kv.data() + b * T * d;
    const double* vb = vv.data() + b * T * dv;
    double* ob = out.data() + b * T * dv;
    for (int64_t i = 0; i < T; ++i) {
      const int64_t keys = is_causal ? i + 1 : T;  // query i sees keys [0, keys)
      double max = -std::numeric_limits<double>::infinity();
      for (int64_t j = 0; j < keys; ++j) {
        double s = 0;
        for (int64_t c = 0; c < d; ++c) s += qb[i * d + c] * kb[j * d + c];
        weights[size_t(j)] = s * scale;
        max = std::max(max, weights[size_t(j)]);
      }
      double sum = 0;
      for (int64_t j = 0; j < keys; ++j) {
        weights[size_t(j)] = std::exp(weights[size_t(j)] - max);
        sum += weights[size_t(j)];
      }
      for (int64_t j = 0; j < keys; ++j) {
        const double w = weights[size_t(j)] / sum;
        for (int64_t c = 0; c < dv; ++c) ob[i * dv + c] += w * vb[j * dv + c];
      }
    }
  }
  kt::Shape shape = qs;
  shape.back() = dv;
  return kt::from_vector(out, shape);
}

}  // namespace ref
