// expect: error
// Cheats: calls the grader's reference implementation. The build must refuse it by name.
#include "../../../reference/layer_norm/layer_norm.hpp"  // found by a relative path, as a cheater would
#include "layer_norm.hpp"

namespace kata {

kt::Tensor layer_norm(const kt::Tensor& x, const kt::Tensor& weight, const kt::Tensor& bias,
                      double eps) {
  return ref::layer_norm(x, weight, bias, eps).to(x.dtype());
}

}  // namespace kata
