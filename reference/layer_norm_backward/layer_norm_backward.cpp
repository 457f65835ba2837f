#include "reference/layer_norm_backward/layer_norm_backward.hpp"

#include <cmath>
#include <vector>

namespace ref {

LayerNormGrads layer_norm_backward(const kt::Tensor& x, const kt::Tensor& weight,
                                   const kt::Tensor& dout, double eps) {
  const int64_t d = x.size(-1);
  const std::vector<double> in = x.to(kt::Float64).contiguous().to_vector<double>();
  const std::vector<double> w = weight.to(kt::Float64).contiguous().to_vector<double>();
  const std::vector<double> go = dout.to(kt::Float64).contiguous().to_vector<double>();
  std::vector<double> dx(in.size()), dw(size_t(d), 0.0), db(size_t(d), 0.0);
  std::vector<double> xhat(static_cast<size_t>(d)), g(static_cast<size_t>(d));
  for (size_t row = 0; row * size_t(d) < in.size(); ++row) {
    const size_t at = row * size_t(d);
    double mean = 0;
    for (int64_t j = 0; j < d; ++j) mean += in[at + size_t(j)];
    mean /= double(d);
    double var = 0;
    for (int64_t j = 0; j < d; ++j)
      var += (in[at + size_t(j)] - mean) * (in[at + size_t(j)] - mean);
    var /= double(d);
    const double sigma = std::sqrt(var + eps);
    double mean_g = 0, mean_gx = 0;
    for (int64_t j = 0; j < d; ++j) {
      const auto k = size_t(j);
      xhat[k] = (in[at + k] - mean) / sigma;
      g[k] = go[at + k] * w[k];
      mean_g += g[k];
      mean_gx += g[k] * xhat[k];
      dw[k] += go[at + k] * xhat[k];
      db[k] += go[at + k];
    }
    mean_g /= double(d);
    mean_gx /= double(d);
    for (int64_t j = 0; j < d; ++j) {
      const auto k = size_t(j);
      dx[at + k] = (g[k] - mean_g - xhat[k] * mean_gx) / sigma;
    }
  }
  return {kt::from_vector(dx, x.sizes()), kt::from_vector(dw, {d}), kt::from_vector(db, {d})};
}

double layer_norm_objective(const kt::Tensor& x, const kt::Tensor& weight, const kt::Tensor& bias,
                            const kt::Tensor& dout, double eps) {
  const int64_t d = x.size(-1);
  const std::vector<double> in = x.to(kt::Float64).contiguous().to_vector<double>();
  const std::vector<double> w = weight.to(kt::Float64).contiguous().to_vector<double>();
  const std::vector<double> b = bias.to(kt::Float64).contiguous().to_vector<double>();
  const std::vector<double> go = dout.to(kt::Float64).contiguous().to_vector<double>();
  double total = 0;
  for (size_t row = 0; row * size_t(d) < in.size(); ++row) {
    const size_t at = row * size_t(d);
    double mean = 0;
    for (int64_t j = 0; j < d; ++j) mean += in[at + size_t(j)];
    mean /= double(d);
    double var = 0;
    for (int64_t j = 0; j < d; ++j)
      var += (in[at + size_t(j)] - mean) * (in[at + size_t(j)] - mean);
    var /= double(d);
    const double sigma = std::sqrt(var + eps);
    for (int64_t j = 0; j < d; ++j) {
      const auto k = size_t(j);
      total += go[at + k] * ((in[at + k] - mean) / sigma * w[k] + b[k]);
    }
  }
  return total;
}

}  // namespace ref
