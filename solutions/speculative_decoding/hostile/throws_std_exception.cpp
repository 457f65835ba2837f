// expect: fail
// Throws a plain std::runtime_error: reported with its message on every check.
#include <stdexcept>

#include "speculative_decoding.hpp"

namespace kata {

std::vector<int64_t> speculative_step(const kt::Tensor&, const std::vector<int64_t>&,
                                      const kt::Tensor&, kt::Generator&) {
  throw std::runtime_error("speculative_step: not today");
}

}  // namespace kata
