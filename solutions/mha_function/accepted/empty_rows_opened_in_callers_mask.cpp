// expect: pass
// Accepted (written blind as wrong, round 52): opens the fully masked rows in the caller's mask (a
// handle copy and masked_fill_): the outputs are right, and this kata's statement does not ask that
// the inputs stay unchanged (see hostile/mutates_its_inputs.cpp).
#include "mha_function.hpp"

#include <cmath>
#include <limits>

namespace kata {

kt::Tensor mha(const kt::Tensor& x, const kt::Tensor& Wq, const kt::Tensor& Wk,
               const kt::Tensor& Wv, const kt::Tensor& Wo, int64_t h,
               const std::optional<kt::Tensor>& mask) {
  const int64_t B = x.size(0);
  const int64_t T = x.size(1);
  const int64_t d = x.size(2);
  const int64_t dh = d / h;

  const kt::Tensor q = kt::matmul(x, Wq).view({B, T, h, dh}).transpose(1, 2);  // (B, h, T, dh)
  const kt::Tensor k = kt::matmul(x, Wk).view({B, T, h, dh}).transpose(1, 2);
  const kt::Tensor v = kt::matmul(x, Wv).view({B, T, h, dh}).transpose(1, 2);

  kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) / std::sqrt(static_cast<double>(dh));
  if (mask.has_value()) {
    kt::Tensor keep = *mask;
    // A padded query has no key at all: let it look at every key rather than divide 0 by 0.
    keep.masked_fill_(~kt::any(keep, -1, /*keepdim=*/true), true);
    scores = scores.masked_fill(~keep, -std::numeric_limits<double>::infinity());
  }
  const kt::Tensor weights = kt::softmax(scores, -1);

  const kt::Tensor merged = kt::matmul(weights, v).transpose(1, 2).contiguous().view({B, T, d});
  return kt::matmul(merged, Wo);
}

}  // namespace kata
