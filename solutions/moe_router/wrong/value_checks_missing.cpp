// expect: fail
// Wrong: no argument checks; k = 0 returns empty routings, k > E fails inside kt with another
// error than kt::ValueError.
#include <vector>

#include "moe_router.hpp"

namespace kata {

Routing route_top_k(const kt::Tensor& router_logits, int64_t k) {
  const int64_t n = router_logits.size(0), e = router_logits.size(-1);
  const kt::Tensor probs = kt::softmax(router_logits, 1);
  std::vector<kt::Tensor> picks;
  kt::Tensor left = probs;
  for (int64_t j = 0; j < k; ++j) {
    const kt::Tensor pick = kt::argmax(left, 1, true);
    picks.push_back(pick);
    left = left.masked_fill(kt::one_hot(pick.squeeze(1), e).to(kt::Bool), -1.0);
  }
  kt::Tensor index = kt::cat(picks, 1);
  const kt::Tensor top = kt::gather(probs, 1, index);
  const kt::Tensor gate = top / kt::sum(top, 1, true);
  const kt::Tensor fraction =
      kt::sum(kt::sum(kt::one_hot(index, e), 0), 0).to(probs.dtype()) / double(n * k);
  const kt::Tensor importance = kt::mean(probs, 0);
  return {index, gate, kt::sum(fraction * importance) * double(e)};
}

}  // namespace kata
