// expect: fail
// Wrong, no named pitfall: plain loops over (N, D) rows that read weight and dout by x's sizes and
// never check theirs, so a weight longer than D or a dout with more rows goes unnoticed (the
// statement asks for kt::ShapeError; accepted/loops_over_rows.cpp checks them).
#include <cmath>
#include <vector>

#include "layer_norm_backward.hpp"

namespace kata {

LayerNormGrads layer_norm_backward(const kt::Tensor& x, const kt::Tensor& weight,
                                   const kt::Tensor& dout, double eps) {
  const int64_t d = x.size(-1);
  const kt::Tensor rows = x.reshape({-1, d}), grads = dout.reshape({-1, d});
  kt::Tensor dx = kt::zeros(rows.sizes()), dw = kt::zeros({d}), db = kt::zeros({d});
  std::vector<double> xh(static_cast<size_t>(d)), g(static_cast<size_t>(d));
  for (int64_t r = 0; r < rows.size(0); ++r) {
    double mean = 0, var = 0;
    for (int64_t j = 0; j < d; ++j) mean += rows.at({r, j});
    mean /= double(d);
    for (int64_t j = 0; j < d; ++j) var += (rows.at({r, j}) - mean) * (rows.at({r, j}) - mean);
    var /= double(d);
    const double sigma = std::sqrt(var + eps);
    double mg = 0, mgx = 0;
    for (int64_t j = 0; j < d; ++j) {
      xh[size_t(j)] = (rows.at({r, j}) - mean) / sigma;
      g[size_t(j)] = grads.at({r, j}) * weight.at({j});
      mg += g[size_t(j)] / double(d);
      mgx += g[size_t(j)] * xh[size_t(j)] / double(d);
      dw.set({j}, dw.at({j}) + grads.at({r, j}) * xh[size_t(j)]);
      db.set({j}, db.at({j}) + grads.at({r, j}));
    }
    for (int64_t j = 0; j < d; ++j)
      dx.set({r, j}, (g[size_t(j)] - mg - xh[size_t(j)] * mgx) / sigma);
  }
  return {dx.reshape(x.sizes()), dw, db};
}

}  // namespace kata
