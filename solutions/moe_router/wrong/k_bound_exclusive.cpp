// expect: fail
// Wrong, no named pitfall (written as an unseen suite would, round 50): the check on k is k >= E
// instead of k > E, so a valid k == E throws kt::ValueError
// A mixture-of-experts router: top-k experts per token, Mixtral gates, Switch load-balancing loss.
#include "moe_router.hpp"

#include <limits>
#include <string>
#include <vector>

namespace kata {

Routing route_top_k(const kt::Tensor& router_logits, int64_t k) {
  if (router_logits.dim() != 2) {
    throw kt::ValueError("route_top_k: router_logits must be 2-D (N, E), got " +
                         kt::shape_str(router_logits.sizes()));
  }
  if (!kt::is_floating(router_logits.dtype())) {
    throw kt::ValueError("route_top_k: router_logits must be Float32 or Float64, got " +
                         std::string(kt::dtype_name(router_logits.dtype())));
  }
  const int64_t N = router_logits.size(0);
  const int64_t E = router_logits.size(1);
  if (N < 1) throw kt::ValueError("route_top_k: router_logits needs at least one token (N >= 1)");
  if (k < 1 || k >= E) {
    throw kt::ValueError("route_top_k: k must be at least 1 and below the number of experts E = " +
                         std::to_string(E) + ", got " + std::to_string(k));
  }

  const kt::Dtype dtype = router_logits.dtype();
  const kt::Tensor probs = kt::softmax(router_logits, 1);  // (N, E)
  const std::vector<double> p = probs.to(kt::Float64).to_vector<double>();

  std::vector<int64_t> index(N * k);
  std::vector<double> gate(N * k);
  std::vector<double> counts(E, 0.0);
  for (int64_t n = 0; n < N; ++n) {
    std::vector<bool> taken(E, false);
    double total = 0.0;
    for (int64_t j = 0; j < k; ++j) {
      int64_t best = -1;
      for (int64_t e = 0; e < E; ++e) {
        if (taken[e]) continue;
        if (best < 0 || p[n * E + e] > p[n * E + best]) best = e;
      }
      taken[best] = true;
      index[n * k + j] = best;
      gate[n * k + j] = p[n * E + best];
      total += p[n * E + best];
      counts[best] += 1.0;
    }
    for (int64_t j = 0; j < k; ++j) gate[n * k + j] /= total;
  }

  // f_e: share of the N * k assignments; P_e: mean probability over the tokens.
  const kt::Tensor f = kt::from_vector(counts, {E}) / static_cast<double>(N * k);
  const kt::Tensor P = kt::mean(probs.to(kt::Float64), 0);
  const kt::Tensor aux = kt::sum(f * P) * static_cast<double>(E);

  Routing out;
  out.expert_index = kt::from_vector(index, {N, k});
  out.gate = kt::from_vector(gate, {N, k}).to(dtype);
  out.aux_loss = aux.to(dtype);
  return out;
}

}  // namespace kata
