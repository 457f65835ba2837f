// expect: error
// Crashes: writes through a null pointer. Every check must report the crash, not stop the grader.
#include "speculative_decoding.hpp"

namespace kata {

std::vector<int64_t> speculative_step(const kt::Tensor&, const std::vector<int64_t>&,
                                      const kt::Tensor&, kt::Generator&) {
  volatile int* nowhere = nullptr;
  *nowhere = 1;
  return {};
}

}  // namespace kata
