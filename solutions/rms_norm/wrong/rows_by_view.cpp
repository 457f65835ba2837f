// expect: fail
// Wrong, no named pitfall (a variant of layer_norm's round-52 file): the rows flattened with
// x.view({-1, D}), so an x whose leading axes a view cannot merge throws kt::ViewError.
#include "rms_norm.hpp"

namespace kata {

kt::Tensor rms_norm(const kt::Tensor& x, const kt::Tensor& weight, double eps) {
  const int64_t d = x.size(-1);
  const kt::Tensor rows = x.view({-1, d});
  const kt::Tensor ms = kt::mean(rows * rows, 1, true);
  return (rows * kt::rsqrt(ms + eps) * weight).view(x.sizes());
}

}  // namespace kata
