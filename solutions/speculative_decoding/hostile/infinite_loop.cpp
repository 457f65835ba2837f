// expect: error
// Hangs: waits for a verdict it will never reach. Each check must time out and say so.
#include "speculative_decoding.hpp"

namespace kata {

std::vector<int64_t> speculative_step(const kt::Tensor&, const std::vector<int64_t>&,
                                      const kt::Tensor&, kt::Generator&) {
  volatile bool forever = true;
  while (forever) {
  }
  return {};
}

}  // namespace kata
