// expect: fail
// Wrong, no named pitfall (written blind, round 52): the weight viewed as a (1, D) row to broadcast
// over the rows: a 1-d x gives a (1, D) result.
#include "rms_norm.hpp"

#include <string>

namespace kata {

kt::Tensor rms_norm(const kt::Tensor& x, const kt::Tensor& weight, double eps) {
  const int64_t D = x.size(-1);
  if (weight.dim() != 1 || weight.size(0) != D) {
    throw kt::ShapeError("rms_norm: weight has " + std::to_string(weight.numel()) +
                         " elements, expected D = " + std::to_string(D));
  }

  const kt::Tensor mean_sq = kt::mean(x * x, -1, /*keepdim=*/true);
  const kt::Tensor inv_rms = kt::rsqrt(mean_sq + eps);
  const kt::Tensor w = weight.view({1, D});  // one row, broadcast over all rows
  return x * inv_rms * w;
}

}  // namespace kata
