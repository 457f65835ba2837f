// expect: fail
// Wrong: max(var, eps) instead of var + eps, a mistake no catalogue entry describes: the report
// shows the first step of the computation the code never produces (var + eps).
#include "layer_norm.hpp"

namespace kata {

kt::Tensor layer_norm(const kt::Tensor& x, const kt::Tensor& weight, const kt::Tensor& bias,
                      double eps) {
  const kt::Tensor c = x - kt::mean(x, -1, true);
  const kt::Tensor var = kt::mean(c * c, -1, true);
  return c / kt::sqrt(kt::maximum(var, kt::full_like(var, eps))) * weight + bias;
}

}  // namespace kata
