// expect: pass
// Accepted: no argmax or sort: an expert's place in its token's list is the number of experts
// ranked before it (larger p, or equal p with a lower id), and the loss is E/(N·k) times the sum of
// P_e over the N·k assignments instead of a sum over experts of f_e·P_e.
#include <string>
#include <vector>

#include "moe_router.hpp"

namespace kata {

Routing route_top_k(const kt::Tensor& router_logits, int64_t k) {
  if (router_logits.dim() != 2) {
    throw kt::ValueError("route_top_k: router_logits must be 2-D (N, E), got shape " +
                         kt::shape_str(router_logits.sizes()));
  }
  const kt::Dtype dtype = router_logits.dtype();
  if (!kt::is_floating(dtype)) {
    throw kt::ValueError("route_top_k: router_logits must be floating point, got " +
                         std::string(kt::dtype_name(dtype)));
  }
  const int64_t N = router_logits.size(0), E = router_logits.size(1);
  if (N < 1) {
    throw kt::ValueError("route_top_k: router_logits must hold N >= 1 tokens, got N = 0");
  }
  if (k < 1 || k > E) {
    throw kt::ValueError("route_top_k: k must satisfy 1 <= k <= E = " + std::to_string(E) +
                         ", got k = " + std::to_string(k));
  }

  // The softmax over the experts (stable, in the logits' dtype), then read as float64.
  const std::vector<double> p = kt::softmax(router_logits, 1).to(kt::Float64).to_vector<double>();
  const auto prob = [&](int64_t n, int64_t e) { return p[static_cast<size_t>(n * E + e)]; };

  std::vector<int64_t> index(static_cast<size_t>(N * k));
  std::vector<double> gate(static_cast<size_t>(N * k));
  for (int64_t n = 0; n < N; ++n) {
    for (int64_t e = 0; e < E; ++e) {
      // Ranked before e: a larger probability, or the same one with a lower id (a strict total
      // order, so each place 0..E-1 is taken by exactly one expert).
      int64_t before = 0;
      for (int64_t other = 0; other < E; ++other) {
        const double po = prob(n, other), pe = prob(n, e);
        if (po > pe || (po == pe && other < e)) ++before;
      }
      if (before < k) index[static_cast<size_t>(n * k + before)] = e;
    }
    double total = 0.0;
    for (int64_t j = 0; j < k; ++j) total += prob(n, index[static_cast<size_t>(n * k + j)]);
    for (int64_t j = 0; j < k; ++j) {
      gate[static_cast<size_t>(n * k + j)] = prob(n, index[static_cast<size_t>(n * k + j)]) / total;
    }
  }

  // P_e, the mean of probs[:, e] over the tokens.
  std::vector<double> P(static_cast<size_t>(E), 0.0);
  for (int64_t e = 0; e < E; ++e) {
    double s = 0.0;
    for (int64_t n = 0; n < N; ++n) s += prob(n, e);
    P[static_cast<size_t>(e)] = s / static_cast<double>(N);
  }
  // E * sum_e f_e P_e with f_e = count_e / (N k) is E / (N k) * (sum over assignments of P_e).
  double assigned = 0.0;
  for (const int64_t e : index) assigned += P[static_cast<size_t>(e)];
  const double aux = static_cast<double>(E) * assigned / static_cast<double>(N * k);

  return Routing{kt::from_vector(index, {N, k}), kt::from_vector(gate, {N, k}).to(dtype),
                 kt::scalar_tensor(aux, dtype)};
}

}  // namespace kata
