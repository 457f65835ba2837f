// expect: fail
// Wrong: x is flattened to an (N, D) matrix of rows for the computation and the result is returned
// in that 2-D shape, never reshaped back to x's shape (right only when x is 2-D).
#include <string>

#include "rms_norm.hpp"

namespace kata {

kt::Tensor rms_norm(const kt::Tensor& x, const kt::Tensor& weight, double eps) {
  const int64_t D = x.size(-1);
  if (weight.dim() != 1 || weight.size(0) != D) {
    throw kt::ShapeError("rms_norm: weight has shape " + kt::shape_str(weight.sizes()) +
                         " but x's last axis has D = " + std::to_string(D));
  }
  const kt::Tensor rows = x.reshape({-1, D});  // (N, D), copies when x is not contiguous
  const kt::Tensor ms = kt::mean(rows * rows, 1, true);
  return rows * kt::rsqrt(ms + eps) * weight;
}

}  // namespace kata
