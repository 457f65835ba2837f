// expect: pass
// Accepted: each weight is computed as 1 / sum_j exp(x_j - x_i) from a tensor of pairwise
// differences (no max needed: the term j = i is exp(0) = 1), with -inf entries set to 0 explicitly.
#include "softmax.hpp"

#include <limits>

namespace kata {

kt::Tensor softmax(const kt::Tensor& x, int64_t dim) {
  const int64_t d = dim < 0 ? dim + x.dim() : dim;

  // diff[..., i, j, ...] = x_j - x_i, with i on axis d and j on axis d + 1.
  const kt::Tensor xi = x.unsqueeze(d + 1);
  const kt::Tensor xj = x.unsqueeze(d);
  const kt::Tensor diff = xj - xi;

  // sum_j exp(x_j - x_i) >= 1 (the j = i term), so no 0/0; an exp that overflows to inf only
  // happens where the true weight underflows, and 1 / inf is 0.
  const kt::Tensor denom = kt::sum(kt::exp(diff), d + 1, /*keepdim=*/false);
  const kt::Tensor w = 1.0 / denom;

  // An entry of -inf has x_i - x_i = NaN in its own term: its weight is exactly 0.
  const kt::Tensor is_minus_inf = x == -std::numeric_limits<double>::infinity();
  return kt::where(is_minus_inf, kt::zeros_like(x), w);
}

}  // namespace kata
