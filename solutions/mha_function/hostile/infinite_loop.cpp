// expect: error
// Hangs: never returns. Each check must time out and say so.
#include "mha_function.hpp"

namespace kata {

kt::Tensor mha(const kt::Tensor& x, const kt::Tensor&, const kt::Tensor&, const kt::Tensor&,
               const kt::Tensor&, int64_t, const std::optional<kt::Tensor>&) {
  volatile bool forever = true;
  while (forever) {
  }
  return x;
}

}  // namespace kata
