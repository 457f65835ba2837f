// expect: fail
// expect-diagnosis: resample_without_draft_token
// At a rejection the token is drawn from p_i with the rejected draft token taken out and the
// rest renormalised, not from the residual max(0, p_i - q_i).
#include <string>
#include <vector>

#include "speculative_decoding.hpp"

namespace kata {

namespace {

/// The first index whose running sum exceeds u; the last index when none does.
int64_t draw(const std::vector<double>& probs, double u) {
  double running = 0;
  for (size_t i = 0; i < probs.size(); ++i) {
    running += probs[i];
    if (running > u) return int64_t(i);
  }
  return int64_t(probs.size()) - 1;
}

std::string shape(const kt::Tensor& t) {
  std::string s = "(";
  for (int64_t d = 0; d < t.dim(); ++d) s += (d ? ", " : "") + std::to_string(t.size(d));
  return s + ")";
}

}  // namespace

std::vector<int64_t> speculative_step(const kt::Tensor& draft_probs,
                                      const std::vector<int64_t>& draft_tokens,
                                      const kt::Tensor& target_probs, kt::Generator& gen) {
  if (draft_probs.dim() != 2 || target_probs.dim() != 2)
    throw kt::ValueError("draft_probs and target_probs must be 2-D, got " + shape(draft_probs) +
                         " and " + shape(target_probs));
  const int64_t k = draft_probs.size(0), v = draft_probs.size(1);
  if (k == 0) throw kt::ValueError("K must be >= 1: draft_probs is " + shape(draft_probs));
  if (target_probs.size(0) != k + 1 || target_probs.size(1) != v)
    throw kt::ValueError("target_probs must be (K + 1, V) = (" + std::to_string(k + 1) + ", " +
                         std::to_string(v) + "), got " + shape(target_probs));
  if (int64_t(draft_tokens.size()) != k)
    throw kt::ValueError("draft_tokens must hold K = " + std::to_string(k) + " tokens, got " +
                         std::to_string(draft_tokens.size()));
  const std::vector<double> q = draft_probs.to(kt::Float64).contiguous().to_vector<double>();
  const std::vector<double> p = target_probs.to(kt::Float64).contiguous().to_vector<double>();
  const auto row = [&](const std::vector<double>& t, int64_t i) {
    return std::vector<double>(t.begin() + i * v, t.begin() + (i + 1) * v);
  };
  std::vector<int64_t> out;
  for (int64_t i = 0; i < k; ++i) {
    const int64_t x = draft_tokens[size_t(i)];
    const double u = gen.uniform();
    if (u < p[size_t(i * v + x)] / q[size_t(i * v + x)]) {
      out.push_back(x);
      continue;
    }
    // Rejected: one token from p_i without the rejected token, renormalised.
    std::vector<double> residual = row(p, i);
    residual[size_t(x)] = 0.0;
    double sum = 0;
    for (const double r : residual) sum += r;
    for (double& r : residual) r /= sum;
    out.push_back(draw(residual, gen.uniform()));
    return out;
  }
  out.push_back(draw(row(p, k), gen.uniform()));  // all accepted: the bonus token from p_K
  return out;
}

}  // namespace kata
