#include "reference/speculative_decoding/speculative_decoding.hpp"

namespace ref {

int64_t inverse_cdf(const std::vector<double>& probs, double u) {
  double running = 0;
  for (size_t i = 0; i < probs.size(); ++i) {
    running += probs[i];
    if (running > u) return int64_t(i);
  }
  return int64_t(probs.size()) - 1;
}

std::vector<double> residual(const std::vector<double>& p, const std::vector<double>& q) {
  std::vector<double> r(p.size());
  double sum = 0;
  for (size_t i = 0; i < p.size(); ++i) sum += r[i] = p[i] > q[i] ? p[i] - q[i] : 0.0;
  for (double& v : r) v /= sum;
  return r;
}

std::vector<int64_t> speculative_step(const kt::Tensor& draft_probs,
                                      const std::vector<int64_t>& draft_tokens,
                                      const kt::Tensor& target_probs, kt::Generator& gen) {
  return speculative_step(draft_probs, draft_tokens, target_probs,
                          [&gen] { return gen.uniform(); });
}

std::vector<int64_t> speculative_step(const kt::Tensor& draft_probs,
                                      const std::vector<int64_t>& draft_tokens,
                                      const kt::Tensor& target_probs,
                                      const std::function<double()>& uniform) {
  const std::vector<double> q = draft_probs.to(kt::Float64).contiguous().to_vector<double>();
  const std::vector<double> p = target_probs.to(kt::Float64).contiguous().to_vector<double>();
  const auto k = size_t(draft_probs.size(0));
  const auto v = size_t(draft_probs.size(1));
  const auto row = [&](const std::vector<double>& t, size_t i) {
    return std::vector<double>(t.begin() + long(i * v), t.begin() + long((i + 1) * v));
  };
  std::vector<int64_t> out;
  for (size_t i = 0; i < k; ++i) {
    const auto x = size_t(draft_tokens[i]);
    const double u = uniform();
    if (u < p[i * v + x] / q[i * v + x]) {
      out.push_back(int64_t(x));
      continue;
    }
    out.push_back(inverse_cdf(residual(row(p, i), row(q, i)), uniform()));
    return out;
  }
  out.push_back(inverse_cdf(row(p, k), uniform()));
  return out;
}

}  // namespace ref
