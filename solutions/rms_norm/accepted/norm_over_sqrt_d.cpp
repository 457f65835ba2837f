// expect: pass
// The root mean square as the row's length over sqrt(D): sqrt(sum(x^2) / D) written as
// sqrt(sum(x^2)) / sqrt(D), then eps added to its square.
#include <cmath>

#include "rms_norm.hpp"

namespace kata {

kt::Tensor rms_norm(const kt::Tensor& x, const kt::Tensor& weight, double eps) {
  const kt::Tensor rms = kt::sqrt(kt::sum(x * x, -1, true)) / std::sqrt(double(x.size(-1)));
  return x / kt::sqrt(rms * rms + eps) * weight;
}

}  // namespace kata
