// expect: error
// Crashes: writes through a null pointer. Every check must report the crash, not stop the grader.
#include "moe_router.hpp"

namespace kata {

Routing route_top_k(const kt::Tensor&, int64_t) {
  volatile int* nowhere = nullptr;
  *nowhere = 1;
  return {};
}

}  // namespace kata
