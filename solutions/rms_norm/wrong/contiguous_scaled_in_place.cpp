// expect: fail
// Wrong, no named pitfall (written as an unseen suite would, round 50): the output is
// x.contiguous() scaled with copy_, but contiguous() returns x itself when x is already contiguous,
// so the caller's x is overwritten
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
  // Work on a contiguous buffer of x and scale it in place: no extra allocation for the output.
  kt::Tensor out = x.contiguous();
  const kt::Tensor inv_rms = kt::rsqrt(kt::mean(out * out, -1, /*keepdim=*/true) + eps);
  out.copy_(out * inv_rms * weight);
  return out;
}

}  // namespace kata
