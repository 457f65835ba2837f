// expect: fail
// expect-message: Your code goes on with it: #6 add of #4 and the number 0.5 (= eps)
// eps added to the sum of squared deviations before dividing by D: the root reads var + eps / D.
#include "layer_norm.hpp"

namespace kata {

kt::Tensor layer_norm(const kt::Tensor& x, const kt::Tensor& weight, const kt::Tensor& bias,
                      double eps) {
  const kt::Tensor mean = kt::mean(x, -1, /*keepdim=*/true);
  const kt::Tensor centred = x - mean;
  const double d = double(x.size(-1));
  const kt::Tensor total = kt::sum(centred * centred, -1, /*keepdim=*/true) + eps;
  return centred / kt::sqrt(total / d) * weight + bias;
}

}  // namespace kata
