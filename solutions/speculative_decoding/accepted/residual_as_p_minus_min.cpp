// expect: pass
// Accepted: the residual is written p - min(p, q) (the same doubles as max(0, p - q)) and is never
// divided: its walk compares the unnormalised running sum with u times the residual's total.
#include <algorithm>
#include <string>
#include <vector>

#include "speculative_decoding.hpp"

namespace kata {

namespace {

// The first index at which the running sum of w exceeds threshold; the last index if none does.
int64_t first_above(const std::vector<double>& w, double threshold) {
  double running = 0.0;
  for (size_t j = 0; j < w.size(); ++j) {
    running += w[j];
    if (running > threshold) return static_cast<int64_t>(j);
  }
  return static_cast<int64_t>(w.size()) - 1;
}

}  // namespace

std::vector<int64_t> speculative_step(const kt::Tensor& draft_probs,
                                      const std::vector<int64_t>& draft_tokens,
                                      const kt::Tensor& target_probs, kt::Generator& gen) {
  if (draft_probs.dim() != 2 || target_probs.dim() != 2) {
    throw kt::ValueError("speculative_step: draft_probs and target_probs must be 2-D, got " +
                         kt::shape_str(draft_probs.sizes()) + " and " +
                         kt::shape_str(target_probs.sizes()));
  }
  const int64_t K = draft_probs.size(0), V = draft_probs.size(1);
  if (K == 0) {
    throw kt::ValueError("speculative_step: draft_probs has K = 0 rows: nothing to verify");
  }
  if (target_probs.size(0) != K + 1 || target_probs.size(1) != V) {
    throw kt::ValueError(
        "speculative_step: target_probs must be (K + 1, V) = " + kt::shape_str({K + 1, V}) +
        ", got " + kt::shape_str(target_probs.sizes()));
  }
  if (static_cast<int64_t>(draft_tokens.size()) != K) {
    throw kt::ValueError("speculative_step: draft_tokens must hold K = " + std::to_string(K) +
                         " tokens, got " + std::to_string(draft_tokens.size()));
  }

  // Both tables read once, in logical row-major order whatever their layout.
  const std::vector<double> q_all = draft_probs.to(kt::Float64).to_vector<double>();
  const std::vector<double> p_all = target_probs.to(kt::Float64).to_vector<double>();
  const auto q = [&](int64_t i, int64_t j) { return q_all[static_cast<size_t>(i * V + j)]; };
  const auto p = [&](int64_t i, int64_t j) { return p_all[static_cast<size_t>(i * V + j)]; };

  std::vector<int64_t> out;
  for (int64_t i = 0; i < K; ++i) {
    const int64_t x = draft_tokens[static_cast<size_t>(i)];
    const double u = gen.uniform();
    if (u < p(i, x) / q(i, x)) {
      out.push_back(x);
      continue;
    }
    // p - min(p, q) is exactly 0 where p <= q and exactly p - q elsewhere.
    std::vector<double> residual(static_cast<size_t>(V));
    double total = 0.0;
    for (int64_t j = 0; j < V; ++j) {
      residual[static_cast<size_t>(j)] = p(i, j) - std::min(p(i, j), q(i, j));
      total += residual[static_cast<size_t>(j)];
    }
    // running / total > u  <=>  running > u * total.
    out.push_back(first_above(residual, gen.uniform() * total));
    return out;
  }
  std::vector<double> bonus(static_cast<size_t>(V));
  for (int64_t j = 0; j < V; ++j) bonus[static_cast<size_t>(j)] = p(K, j);
  out.push_back(first_above(bonus, gen.uniform()));
  return out;
}

}  // namespace kata
