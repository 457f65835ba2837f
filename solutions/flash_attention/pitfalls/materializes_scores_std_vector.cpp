// expect-pitfalls: materializes_scores
// Known bad: plain loops over raw pointers with the (T x T) scores in a std::vector<double>:
// invisible to the runtime's accounting, seen by the heap watch.
#include <algorithm>
#include <cmath>
#include <vector>

#include "flash_attention.hpp"

namespace kata {

kt::Tensor flash_attention(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                           bool is_causal, int64_t block_size) {
  (void)block_size;
  const kt::Tensor q64 = q.to(kt::Float64).contiguous(), k64 = k.to(kt::Float64).contiguous();
  const kt::Tensor v64 = v.to(kt::Float64).contiguous();
  const int64_t T = q.size(-2), d = q.size(-1), dv = v.size(-1), batch = q.numel() / (T * d);
  kt::Shape shape = q.sizes();
  shape.back() = dv;
  kt::Tensor out = kt::zeros(shape, kt::Float64);
  const double* qp = q64.data<double>();
  const double* kp = k64.data<double>();
  const double* vp = v64.data<double>();
  double* op = out.data<double>();
  std::vector<double> scores(size_t(T * T));
  for (int64_t b = 0; b < batch; ++b) {
    for (int64_t i = 0; i < T; ++i) {
      for (int64_t j = 0; j < T; ++j) {
        double s = 0;
        for (int64_t c = 0; c < d; ++c) s += qp[(b * T + i) * d + c] * kp[(b * T + j) * d + c];
        scores[size_t(i * T + j)] = s / std::sqrt(double(d));
      }
    }
    for (int64_t i = 0; i < T; ++i) {
      const int64_t n = is_causal ? i + 1 : T;
      const double mx = *std::max_element(scores.begin() + i * T, scores.begin() + i * T + n);
      double sum = 0;
      for (int64_t j = 0; j < n; ++j) sum += std::exp(scores[size_t(i * T + j)] - mx);
      for (int64_t j = 0; j < n; ++j) {
        const double w = std::exp(scores[size_t(i * T + j)] - mx) / sum;
        for (int64_t c = 0; c < dv; ++c) op[(b * T + i) * dv + c] += w * vp[(b * T + j) * dv + c];
      }
    }
  }
  return out.to(q.dtype());
}

}  // namespace kata
