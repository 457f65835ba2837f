// expect: error
// Crashes: writes through a null pointer. Every check must report the crash, not stop the grader.
#include "mha_function.hpp"

namespace kata {

kt::Tensor mha(const kt::Tensor& x, const kt::Tensor&, const kt::Tensor&, const kt::Tensor&,
               const kt::Tensor&, int64_t, const std::optional<kt::Tensor>&) {
  volatile double* p = nullptr;
  *p = 1.0;
  return x;
}

}  // namespace kata
