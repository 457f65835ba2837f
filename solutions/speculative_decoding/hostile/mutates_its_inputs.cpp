// expect: fail
// Hostile (in effect): computes the residual in place in target_probs (copy_ into a row view),
// so the caller's tensor changes; its tokens are right otherwise.
#include <algorithm>
#include <vector>

#include "speculative_decoding.hpp"

namespace kata {

std::vector<int64_t> speculative_step(const kt::Tensor& draft_probs,
                                      const std::vector<int64_t>& draft_tokens,
                                      const kt::Tensor& target_probs, kt::Generator& gen) {
  if (draft_probs.dim() != 2 || target_probs.dim() != 2 || draft_probs.size(0) == 0 ||
      target_probs.size(0) != draft_probs.size(0) + 1 ||
      target_probs.size(1) != draft_probs.size(1) ||
      int64_t(draft_tokens.size()) != draft_probs.size(0))
    throw kt::ValueError("speculative_step: shapes outside the API");
  const int64_t k = draft_probs.size(0), v = draft_probs.size(1);
  const auto draw = [&](const std::vector<double>& w, double u) {
    double running = 0;
    for (int64_t t = 0; t < v; ++t)
      if ((running += w[size_t(t)]) > u) return t;
    return v - 1;
  };
  std::vector<int64_t> out;
  for (int64_t i = 0; i < k; ++i) {
    const int64_t x = draft_tokens[size_t(i)];
    const std::vector<double> q = draft_probs.select(0, i).contiguous().to_vector<double>();
    std::vector<double> p = target_probs.select(0, i).contiguous().to_vector<double>();
    if (gen.uniform() < p[size_t(x)] / q[size_t(x)]) {
      out.push_back(x);
      continue;
    }
    double sum = 0;
    for (int64_t t = 0; t < v; ++t)
      sum += p[size_t(t)] = std::max(0.0, p[size_t(t)] - q[size_t(t)]);
    for (double& e : p) e /= sum;
    kt::Tensor row = target_probs.select(0, i);
    row.copy_(kt::from_vector(p, {v}));  // written back into target_probs
    out.push_back(draw(p, gen.uniform()));
    return out;
  }
  out.push_back(draw(target_probs.select(0, k).contiguous().to_vector<double>(), gen.uniform()));
  return out;
}

}  // namespace kata
