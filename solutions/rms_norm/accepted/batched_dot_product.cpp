// expect: pass
// Accepted: each row's sum of squares is a batched dot product, matmul of x as (..., 1, D) with x
// as (..., D, 1), divided by D, instead of a mean reduction.
#include <string>

#include "rms_norm.hpp"

namespace kata {

kt::Tensor rms_norm(const kt::Tensor& x, const kt::Tensor& weight, double eps) {
  const int64_t D = x.size(-1);
  if (weight.dim() != 1 || weight.size(0) != D) {
    throw kt::ShapeError("rms_norm: weight has shape " + kt::shape_str(weight.sizes()) +
                         ", expected (" + std::to_string(D) +
                         ") to match x's last axis D = " + std::to_string(D));
  }
  // (..., 1, D) @ (..., D, 1) -> (..., 1, 1): x . x for each row; drop one of the unit axes so
  // it broadcasts against x as (..., 1). A rank-1 x gives (1, 1) -> (1).
  const kt::Tensor sumsq = kt::matmul(x.unsqueeze(-2), x.unsqueeze(-1)).squeeze(-1);
  const kt::Tensor mean_sq = sumsq / static_cast<double>(D);
  const kt::Tensor inv_rms = kt::rsqrt(mean_sq + eps);
  return weight * (x * inv_rms);
}

}  // namespace kata
