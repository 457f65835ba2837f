// expect: error
// Defines route_top_k with k as an int and outside namespace kata: it compiles, but the grader's
// call finds no definition, so linking fails and says so.
#include "moe_router.hpp"

kata::Routing route_top_k(const kt::Tensor& router_logits, int k) {
  const kt::Tensor probs = kt::softmax(router_logits, 1);
  return {kt::argmax(probs, 1, true), probs, kt::sum(probs) * double(k)};
}
