// expect: error
// Crashes: writes through a null pointer. Every check must report the crash, not stop the grader.
#include "sampling.hpp"

namespace kata {

int64_t sample_token(const kt::Tensor&, double, int64_t, double, kt::Generator&) {
  volatile int* nowhere = nullptr;
  *nowhere = 1;
  return 0;
}

}  // namespace kata
