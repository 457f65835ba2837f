// expect: fail
// Wrong, no named pitfall (written blind, round 52): target_probs' vocabulary size never checked
// against draft_probs'.
#include "speculative_decoding.hpp"

#include <algorithm>
#include <string>

namespace kata {

namespace {

// The first index at which the running sum exceeds u (the last one if rounding leaves none).
int64_t draw(const std::vector<double>& probs, kt::Generator& gen) {
  const double u = gen.uniform();
  double running = 0.0;
  for (size_t j = 0; j < probs.size(); ++j) {
    running += probs[j];
    if (running > u) return static_cast<int64_t>(j);
  }
  return static_cast<int64_t>(probs.size()) - 1;
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
  if (K == 0) {
    throw kt::ValueError("speculative_step: draft_probs has K = 0 rows, need at least one");
  }
  if (target_probs.size(0) != K + 1) {
    throw kt::ValueError(
        "speculative_step: target_probs must have K + 1 = " + std::to_string(K + 1) +
        " rows, got " + kt::shape_str(target_probs.sizes()));
  }
  if (static_cast<int64_t>(draft_tokens.size()) != K) {
    throw kt::ValueError("speculative_step: draft_tokens must hold K = " + std::to_string(K) +
                         " tokens, got " + std::to_string(draft_tokens.size()));
  }

  std::vector<int64_t> out;
  for (int64_t i = 0; i < K; ++i) {
    const std::vector<double> q = draft_probs[i].to_vector<double>();
    const std::vector<double> p = target_probs[i].to_vector<double>();
    const size_t x = static_cast<size_t>(draft_tokens[static_cast<size_t>(i)]);
    const double u = gen.uniform();
    if (u < p[x] / q[x]) {
      out.push_back(static_cast<int64_t>(x));
      continue;
    }
    std::vector<double> residual(static_cast<size_t>(V));
    double total = 0.0;
    for (size_t j = 0; j < residual.size(); ++j) {
      residual[j] = std::max(0.0, p[j] - q[j]);
      total += residual[j];
    }
    for (double& r : residual) r /= total;
    out.push_back(draw(residual, gen));
    return out;
  }
  out.push_back(draw(target_probs[K].to_vector<double>(), gen));
  return out;
}

}  // namespace kata
