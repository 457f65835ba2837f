// expect: error
// Crashes: writes through a null pointer. Every check must report the crash, not stop the grader.
#include "adamw.hpp"

namespace kata {

void adamw_step(kt::Tensor&, const kt::Tensor&, AdamWState&, const AdamWConfig&) {
  volatile int* nowhere = nullptr;
  *nowhere = 1;
}

}  // namespace kata
