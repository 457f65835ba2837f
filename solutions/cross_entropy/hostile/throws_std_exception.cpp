// expect: fail
// Throws a plain std::runtime_error: reported with its message on every check.
#include <stdexcept>

#include "cross_entropy.hpp"

namespace kata {

kt::Tensor cross_entropy(const kt::Tensor&, const kt::Tensor&, int64_t, double) {
  throw std::runtime_error("cross_entropy: not today");
}

}  // namespace kata
