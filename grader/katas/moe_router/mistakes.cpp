#include "grader/katas/moe_router/mistakes.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

#include "grader/katas/moe_router/cases.hpp"

namespace grader::kata_moe_router {

kt::Tensor route_with_steps(const Case& c, const Steps& s) {
  const int64_t n = c.logits.size(0), e = c.logits.size(1), k = c.k;
  const std::vector<double> x = c.logits.to(kt::Float64).contiguous().to_vector<double>();
  const auto at = [e](int64_t t, int64_t j) { return size_t(t * e + j); };
  // The softmax, over the experts (each row) or over the tokens (each column).
  std::vector<double> p(x.size());
  const bool rows = s.softmax == Steps::Softmax::Experts;
  for (int64_t a = 0; a < (rows ? n : e); ++a) {
    const int64_t len = rows ? e : n;
    const auto idx = [&](int64_t b) { return rows ? at(a, b) : at(b, a); };
    double top = x[idx(0)];
    for (int64_t b = 1; b < len; ++b) top = std::max(top, x[idx(b)]);
    double sum = 0;
    for (int64_t b = 0; b < len; ++b) sum += p[idx(b)] = std::exp(x[idx(b)] - top);
    for (int64_t b = 0; b < len; ++b) p[idx(b)] /= sum;
  }
  std::vector<double> index, gate, count(size_t(e), 0.0), gate_sum(size_t(e), 0.0),
      importance(size_t(e), 0.0);
  for (int64_t t = 0; t < n; ++t) {
    std::vector<int64_t> order(static_cast<size_t>(e));
    std::iota(order.begin(), order.end(), int64_t{0});
    const double* row = p.data() + t * e;
    std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) {
      if (row[a] != row[b])
        return s.order == Steps::Order::Ascending ? row[a] < row[b] : row[a] > row[b];
      return s.ties_higher_id_first ? a > b : a < b;
    });
    order.resize(size_t(k));
    if (s.order == Steps::Order::ById) std::sort(order.begin(), order.end());
    if (s.order == Steps::Order::Reversed) std::reverse(order.begin(), order.end());
    double denom = 0;
    for (const int64_t j : order) denom += s.gate == Steps::Gate::Logits ? x[at(t, j)] : row[j];
    for (const int64_t j : order) {
      double g = row[j];
      if (s.gate == Steps::Gate::Renormalized) g = row[j] / denom;
      if (s.gate == Steps::Gate::Logits) g = x[at(t, j)] / denom;
      index.push_back(double(j));
      gate.push_back(g);
      count[size_t(j)] += 1;
      gate_sum[size_t(j)] += g;
    }
    for (int64_t j = 0; j < e; ++j)
      importance[size_t(j)] +=
          (s.importance == Steps::Importance::Logits ? x[at(t, j)] : row[j]) / double(n);
  }
  double aux = 0;
  for (int64_t j = 0; j < e; ++j) {
    double f = count[size_t(j)] / double(n * k);
    if (s.fraction == Steps::Fraction::Gates) f = gate_sum[size_t(j)] / double(n);
    aux += f * importance[size_t(j)];
  }
  if (s.scale == Steps::Scale::Experts) aux *= double(e);
  if (s.scale == Steps::Scale::K) aux *= double(e * k);
  std::vector<double> all = index;
  all.insert(all.end(), gate.begin(), gate.end());
  all.push_back(aux);
  return kt::from_vector(all, {int64_t(all.size())});
}

Made pitfalls_made(const Steps& s) {
  return {.gate_not_renormalized = s.gate == Steps::Gate::Probs,
          .softmax_wrong_dim = s.softmax == Steps::Softmax::Tokens,
          .aux_uses_gate_weights = s.fraction == Steps::Fraction::Gates,
          .aux_from_logits = s.importance == Steps::Importance::Logits,
          .experts_unsorted = s.order == Steps::Order::ById};
}

}  // namespace grader::kata_moe_router
