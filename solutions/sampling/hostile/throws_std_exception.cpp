// expect: fail
// Throws a plain std::runtime_error: reported with its message on every check.
#include <stdexcept>

#include "sampling.hpp"

namespace kata {

int64_t sample_token(const kt::Tensor&, double, int64_t, double, kt::Generator&) {
  throw std::runtime_error("sample_token: not today");
}

}  // namespace kata
