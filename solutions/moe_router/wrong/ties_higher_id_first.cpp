// expect: fail
// expect-diagnosis: ties_higher_id_first
// Wrong: the top k by a sort that puts the higher id first among equal probabilities.
#include <algorithm>
#include <numeric>
#include <vector>

#include "moe_router.hpp"

namespace kata {

Routing route_top_k(const kt::Tensor& router_logits, int64_t k) {
  if (router_logits.dim() != 2 || router_logits.size(0) < 1 || k < 1 || k > router_logits.size(1))
    throw kt::ValueError("route_top_k: bad arguments");
  if (router_logits.dtype() != kt::Float32 && router_logits.dtype() != kt::Float64)
    throw kt::ValueError("route_top_k: router_logits must be floating point");
  const int64_t n = router_logits.size(0), e = router_logits.size(1);
  const kt::Tensor probs = kt::softmax(router_logits, 1);
  const std::vector<double> p = probs.to(kt::Float64).contiguous().to_vector<double>();
  std::vector<int64_t> ids;
  for (int64_t t = 0; t < n; ++t) {
    std::vector<int64_t> order(static_cast<size_t>(e));
    std::iota(order.begin(), order.end(), int64_t{0});
    std::sort(order.begin(), order.end(), [&](int64_t a, int64_t b) {
      const double pa = p[size_t(t * e + a)], pb = p[size_t(t * e + b)];
      return pa != pb ? pa > pb : a > b;
    });
    ids.insert(ids.end(), order.begin(), order.begin() + k);
  }
  const kt::Tensor index = kt::from_vector(ids, {n, k});
  const kt::Tensor top = kt::gather(probs, 1, index);
  const kt::Tensor counts = kt::sum(kt::sum(kt::one_hot(index, e), 0), 0).to(probs.dtype());
  const kt::Tensor aux = kt::sum(counts / double(n * k) * kt::mean(probs, 0)) * double(e);
  return {index, top / kt::sum(top, 1, true), aux};
}

}  // namespace kata
