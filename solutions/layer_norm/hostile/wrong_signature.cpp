// expect: error
// Defines layer_norm without eps and outside namespace kata: it compiles, but the grader's call
// finds no definition, so linking fails and says so.
#include "layer_norm.hpp"

kt::Tensor layer_norm(const kt::Tensor& x, const kt::Tensor& weight, const kt::Tensor& bias) {
  const kt::Tensor c = x - kt::mean(x, -1, true);
  return c / kt::sqrt(kt::mean(c * c, -1, true) + 1e-5) * weight + bias;
}
