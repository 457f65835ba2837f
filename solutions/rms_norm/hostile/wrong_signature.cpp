// expect: error
// Defines rms_norm without eps and outside namespace kata: it compiles, but the grader's call
// finds no definition, so linking fails and says so.
#include "rms_norm.hpp"

kt::Tensor rms_norm(const kt::Tensor& x, const kt::Tensor& weight) {
  return x * kt::rsqrt(kt::mean(x * x, -1, true) + 1e-6) * weight;
}
