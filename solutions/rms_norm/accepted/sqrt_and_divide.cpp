// expect: pass
// kt::pow for the squares, a division by kt::sqrt, the weight first.
#include "rms_norm.hpp"

namespace kata {

kt::Tensor rms_norm(const kt::Tensor& x, const kt::Tensor& weight, double eps) {
  return weight * (x / kt::sqrt(kt::mean(kt::pow(x, 2), -1, true) + eps));
}

}  // namespace kata
