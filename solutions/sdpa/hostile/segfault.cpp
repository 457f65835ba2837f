// expect: error
// Crashes: writes through a null pointer. Every check must report the crash, not stop the grader.
#include "sdpa.hpp"

namespace kata {

kt::Tensor scaled_dot_product_attention(const kt::Tensor& q, const kt::Tensor&, const kt::Tensor&,
                                        const std::optional<kt::Tensor>&, bool) {
  volatile double* p = nullptr;
  *p = 1.0;
  return q;
}

}  // namespace kata
