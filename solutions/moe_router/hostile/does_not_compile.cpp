// expect: error
// Does not compile: a typo. The report must show the compiler's first error, file:line first.
#include "moe_router.hpp"

namespace kata {

Routing route_top_k(const kt::Tensor& router_logits, int64_t k) {
  const kt::Tensor probs = kt::softmax(router_logits, 1) return {kt::argmax(probs, 1, true), probs,
                                                                 kt::sum(probs) * double(k)};
}

}  // namespace kata
