// expect: fail
// Returns a default-constructed (undefined) kt::Tensor: reported as such, never a crash.
#include "mha_function.hpp"

namespace kata {

kt::Tensor mha(const kt::Tensor&, const kt::Tensor&, const kt::Tensor&, const kt::Tensor&,
               const kt::Tensor&, int64_t, const std::optional<kt::Tensor>&) {
  return kt::Tensor();
}

}  // namespace kata
