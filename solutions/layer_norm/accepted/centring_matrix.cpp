// expect: pass
// Accepted: centres each row with one matmul by the centring matrix I - 1/D and takes the biased
// variance as a matmul with a column of 1/D, instead of mean/var reductions.
#include <string>

#include "layer_norm.hpp"

namespace kata {

namespace {

void check_param(const kt::Tensor& p, const char* name, int64_t D) {
  if (p.dim() != 1 || p.size(0) != D) {
    throw kt::ShapeError(std::string("layer_norm: ") + name + " has shape " +
                         kt::shape_str(p.sizes()) +
                         " but x's last axis has D = " + std::to_string(D) + " (expected " + name +
                         " of size " + std::to_string(D) + ")");
  }
}

}  // namespace

kt::Tensor layer_norm(const kt::Tensor& x, const kt::Tensor& weight, const kt::Tensor& bias,
                      double eps) {
  const int64_t D = x.size(-1);
  check_param(weight, "weight", D);
  check_param(bias, "bias", D);
  const kt::Dtype dt = x.dtype();

  // centring[k][j] = [k == j] - 1/D, so (x @ centring)[j] = x[j] - mean(x).
  const kt::Tensor centring = kt::eye(D, D, dt) - 1.0 / static_cast<double>(D);
  const kt::Tensor centred = kt::matmul(x, centring);  // (..., D), any rank, any layout
  // The mean of the squared deviations (biased: over D) as a dot product with 1/D.
  const kt::Tensor averager = kt::full({D, 1}, 1.0 / static_cast<double>(D), dt);
  const kt::Tensor var = kt::matmul(centred * centred, averager);  // (..., 1)
  return centred * kt::rsqrt(var + eps) * weight + bias;
}

}  // namespace kata
