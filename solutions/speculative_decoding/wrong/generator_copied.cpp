// expect: fail
// expect-diagnosis: generator_copied
// Wrong, no named pitfall (written as an unseen suite would, round 50): kt::Generator rng = gen;
// copies the generator, so the caller's gen never moves on and every call replays the same u values
// Speculative decoding: the verification step.
#include "speculative_decoding.hpp"

#include <algorithm>
#include <string>
#include <vector>

namespace kata {

namespace {

// The first index at which the running sum of w exceeds u (the last index if none does).
int64_t draw_index(const std::vector<double>& w, double u) {
  double cum = 0.0;
  for (size_t i = 0; i < w.size(); ++i) {
    cum += w[i];
    if (cum > u) return static_cast<int64_t>(i);
  }
  return static_cast<int64_t>(w.size()) - 1;
}

std::vector<double> row(const std::vector<double>& flat, int64_t r, int64_t V) {
  return std::vector<double>(flat.begin() + r * V, flat.begin() + (r + 1) * V);
}

}  // namespace

std::vector<int64_t> speculative_step(const kt::Tensor& draft_probs,
                                      const std::vector<int64_t>& draft_tokens,
                                      const kt::Tensor& target_probs, kt::Generator& gen) {
  if (draft_probs.dim() != 2) {
    throw kt::ValueError("speculative_step: draft_probs must be 2-D (K, V), got " +
                         kt::shape_str(draft_probs.sizes()));
  }
  if (target_probs.dim() != 2) {
    throw kt::ValueError("speculative_step: target_probs must be 2-D (K + 1, V), got " +
                         kt::shape_str(target_probs.sizes()));
  }
  const int64_t K = draft_probs.size(0);
  const int64_t V = draft_probs.size(1);
  if (K == 0)
    throw kt::ValueError("speculative_step: draft_probs has K = 0 rows: nothing to verify");
  if (target_probs.size(0) != K + 1 || target_probs.size(1) != V) {
    throw kt::ValueError(
        "speculative_step: target_probs must be (K + 1, V) = " + kt::shape_str({K + 1, V}) +
        ", got " + kt::shape_str(target_probs.sizes()));
  }
  if (static_cast<int64_t>(draft_tokens.size()) != K) {
    throw kt::ValueError("speculative_step: draft_tokens must hold K = " + std::to_string(K) +
                         " tokens, got " + std::to_string(draft_tokens.size()));
  }

  const std::vector<double> q = draft_probs.to_vector<double>();
  const std::vector<double> p = target_probs.to_vector<double>();

  kt::Generator rng = gen;

  std::vector<int64_t> out;
  for (int64_t i = 0; i < K; ++i) {
    const int64_t x = draft_tokens[i];
    const double u = rng.uniform();
    if (u < p[i * V + x] / q[i * V + x]) {
      out.push_back(x);
      continue;
    }
    // Rejected: draw from the normalised max(0, p_i - q_i).
    std::vector<double> residual(V);
    double total = 0.0;
    for (int64_t v = 0; v < V; ++v) {
      residual[v] = std::max(0.0, p[i * V + v] - q[i * V + v]);
      total += residual[v];
    }
    for (double& r : residual) r /= total;
    out.push_back(draw_index(residual, rng.uniform()));
    return out;
  }
  // All accepted: the bonus token from p_K.
  out.push_back(draw_index(row(p, K, V), rng.uniform()));
  return out;
}

}  // namespace kata
