// expect: fail
// Wrong: when p_i[x] >= q_i[x] the draft token is accepted without drawing its u (acceptance is
// certain there), so every such test skips a gen.uniform() and the caller's sequence falls out of
// step.
#include <algorithm>
#include <string>
#include <vector>

#include "speculative_decoding.hpp"

namespace kata {

namespace {

// The first index at which the running sum of w exceeds u; the last index if none does.
int64_t draw_index(const std::vector<double>& w, double u) {
  double running = 0.0;
  for (size_t j = 0; j < w.size(); ++j) {
    running += w[j];
    if (running > u) return static_cast<int64_t>(j);
  }
  return static_cast<int64_t>(w.size()) - 1;
}

std::vector<double> row(const kt::Tensor& t, int64_t i) {
  return t.select(0, i).to(kt::Float64).to_vector<double>();
}

}  // namespace

std::vector<int64_t> speculative_step(const kt::Tensor& draft_probs,
                                      const std::vector<int64_t>& draft_tokens,
                                      const kt::Tensor& target_probs, kt::Generator& gen) {
  if (draft_probs.dim() != 2) {
    throw kt::ValueError("speculative_step: draft_probs must be 2-D (K, V), got shape " +
                         kt::shape_str(draft_probs.sizes()));
  }
  if (target_probs.dim() != 2) {
    throw kt::ValueError("speculative_step: target_probs must be 2-D (K + 1, V), got shape " +
                         kt::shape_str(target_probs.sizes()));
  }
  const int64_t K = draft_probs.size(0), V = draft_probs.size(1);
  if (K == 0) throw kt::ValueError("speculative_step: K = 0, there is no draft token to test");
  if (target_probs.size(0) != K + 1 || target_probs.size(1) != V) {
    throw kt::ValueError("speculative_step: target_probs must be (K + 1, V) = (" +
                         std::to_string(K + 1) + ", " + std::to_string(V) + "), got " +
                         kt::shape_str(target_probs.sizes()));
  }
  if (static_cast<int64_t>(draft_tokens.size()) != K) {
    throw kt::ValueError("speculative_step: draft_tokens holds " +
                         std::to_string(draft_tokens.size()) + " tokens, K = " + std::to_string(K));
  }

  std::vector<int64_t> out;
  for (int64_t i = 0; i < K; ++i) {
    const std::vector<double> q = row(draft_probs, i), p = row(target_probs, i);
    const int64_t x = draft_tokens[static_cast<size_t>(i)];
    const double ratio = p[x] / q[x];
    if (ratio >= 1.0) {  // accepted for sure: no need to draw
      out.push_back(x);
      continue;
    }
    const double u = gen.uniform();
    if (u < ratio) {
      out.push_back(x);
      continue;
    }
    std::vector<double> residual(static_cast<size_t>(V));
    double total = 0.0;
    for (int64_t j = 0; j < V; ++j) {
      residual[j] = std::max(0.0, p[j] - q[j]);
      total += residual[j];
    }
    for (double& r : residual) r /= total;
    out.push_back(draw_index(residual, gen.uniform()));
    return out;
  }
  out.push_back(draw_index(row(target_probs, K), gen.uniform()));  // the bonus token
  return out;
}

}  // namespace kata
