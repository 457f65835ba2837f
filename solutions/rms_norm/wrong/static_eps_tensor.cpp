// expect: fail
// expect-diagnosis: depends_on_earlier_calls
// Wrong, no named pitfall (written as an unseen suite would, round 50): eps is turned into a static
// const scalar tensor, so the first call's eps and dtype stay for every later call (later eps
// values are ignored, and a Float64 eps promotes Float32 results)
// RMSNorm over the last axis, as in LLaMA.
#include "rms_norm.hpp"

#include <string>

namespace kata {

kt::Tensor rms_norm(const kt::Tensor& x, const kt::Tensor& weight, double eps) {
  const int64_t D = x.size(-1);
  if (weight.dim() != 1 || weight.size(0) != D) {
    throw kt::ShapeError("rms_norm: weight must have shape (D) = (" + std::to_string(D) +
                         ") to match x's last axis, got " + kt::shape_str(weight.sizes()));
  }
  // eps as a tensor, built once.
  static const kt::Tensor eps_t = kt::scalar_tensor(eps, x.dtype());

  const kt::Tensor mean_sq = kt::mean(x * x, -1, /*keepdim=*/true);  // (..., 1)
  const kt::Tensor inv_rms = kt::rsqrt(mean_sq + eps_t);
  return x * inv_rms * weight;
}

}  // namespace kata
