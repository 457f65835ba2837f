// expect: fail
// expect-diagnosis: eps_left_out
// Wrong: x / ||x|| * sqrt(D): the RMS without eps.
#include <cmath>

#include "rms_norm.hpp"

namespace kata {

kt::Tensor rms_norm(const kt::Tensor& x, const kt::Tensor& weight, double) {
  const kt::Tensor norm = kt::sqrt(kt::sum(x * x, -1, true));
  return x / norm * std::sqrt(double(x.size(-1))) * weight;
}

}  // namespace kata
