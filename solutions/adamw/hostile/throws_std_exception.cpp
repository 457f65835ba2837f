// expect: fail
// Throws a plain std::runtime_error: reported with its message on every check.
#include <stdexcept>

#include "adamw.hpp"

namespace kata {

void adamw_step(kt::Tensor&, const kt::Tensor&, AdamWState&, const AdamWConfig&) {
  throw std::runtime_error("adamw_step: not today");
}

}  // namespace kata
