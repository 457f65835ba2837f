#include "grader/lib/projections.hpp"

#include <cmath>

namespace grader {

ref::MhaWeights random_projections(int64_t d_model, int64_t kv_rows, bool bias, double bias_scale,
                                   kt::Generator& gen) {
  const int64_t D = d_model;
  const double scale = 1.0 / std::sqrt(double(D));
  ref::MhaWeights w;
  w.wq = kt::randn({D, D}, gen) * scale;
  w.wk = kt::randn({kv_rows, D}, gen) * scale;
  w.wv = kt::randn({kv_rows, D}, gen) * scale;
  w.wo = kt::randn({D, D}, gen) * scale;
  if (bias) {
    w.bq = kt::randn({D}, gen) * bias_scale;
    w.bk = kt::randn({kv_rows}, gen) * bias_scale;
    w.bv = kt::randn({kv_rows}, gen) * bias_scale;
    w.bo = kt::randn({D}, gen) * bias_scale;
  }
  return w;
}

}  // namespace grader
