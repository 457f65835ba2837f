#include "reference/rms_norm/rms_norm.hpp"

#include <cmath>
#include <vector>

namespace ref {

kt::Tensor rms_norm(const kt::Tensor& x, const kt::Tensor& weight, double eps) {
  const int64_t d = x.size(-1);
  const std::vector<double> in = x.to(kt::Float64).contiguous().to_vector<double>();
  const std::vector<double> w = weight.to(kt::Float64).contiguous().to_vector<double>();
  std::vector<double> out(in.size());
  for (size_t row = 0; row * size_t(d) < in.size(); ++row) {
    const double* r = in.data() + row * size_t(d);
    double squares = 0;
    for (int64_t j = 0; j < d; ++j) squares += r[j] * r[j];
    const double inv = 1.0 / std::sqrt(squares / double(d) + eps);
    for (int64_t j = 0; j < d; ++j) out[row * size_t(d) + size_t(j)] = r[j] * inv * w[size_t(j)];
  }
  return kt::from_vector(out, x.sizes());
}

}  // namespace ref
