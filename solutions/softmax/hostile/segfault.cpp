// expect: error
// Crashes: writes through a null pointer. Every check must report the crash, not stop the grader.
#include "softmax.hpp"

namespace kata {

kt::Tensor softmax(const kt::Tensor& x, int64_t) {
  volatile double* p = nullptr;
  *p = 1.0;
  return x;
}

}  // namespace kata
