// expect: error
// Crashes: writes through a null pointer. Every check must report the crash, not stop the grader.
#include "rms_norm.hpp"

namespace kata {

kt::Tensor rms_norm(const kt::Tensor& x, const kt::Tensor&, double) {
  volatile int* nowhere = nullptr;
  *nowhere = 1;
  return x;
}

}  // namespace kata
