// expect: fail
// Wrong: on the causal diagonal block the block maximum is taken over the unmasked scores and the
// mask is applied to the exponentials afterwards, so a future key's large score sets the running
// max and the visible exponentials underflow (NaN or lost precision when scores are in the
// hundreds).
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "flash_attention.hpp"

namespace kata {

kt::Tensor flash_attention(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                           bool is_causal, int64_t block_size) {
  const kt::Dtype dt = q.dtype();
  const int64_t T = q.size(-2);
  const int64_t dv = v.size(-1);
  const double scale = 1.0 / std::sqrt(static_cast<double>(q.size(-1)));
  const kt::Shape lead(q.sizes().begin(), q.sizes().end() - 2);
  auto with = [&lead](int64_t a, int64_t b) {
    kt::Shape s = lead;
    s.push_back(a);
    s.push_back(b);
    return s;
  };

  std::vector<kt::Tensor> outs;
  for (int64_t qs = 0; qs < T; qs += block_size) {
    const int64_t qe = std::min(qs + block_size, T);
    const kt::Tensor qb = q.slice(-2, qs, qe);
    kt::Tensor m = kt::full(with(qe - qs, 1), -std::numeric_limits<double>::infinity(), dt);
    kt::Tensor l = kt::zeros(with(qe - qs, 1), dt);
    kt::Tensor acc = kt::zeros(with(qe - qs, dv), dt);
    const int64_t kend = is_causal ? qe : T;  // key blocks past the query block are skipped
    for (int64_t ks = 0; ks < kend; ks += block_size) {
      const int64_t ke = std::min(ks + block_size, T);
      const kt::Tensor s =
          kt::matmul(qb, k.slice(-2, ks, ke).transpose(-2, -1)) * scale;  // (..., bq, bk)
      const kt::Tensor m_new = kt::maximum(m, kt::amax(s, -1, true));
      const kt::Tensor alpha = kt::exp(m - m_new);
      kt::Tensor p = kt::exp(s - m_new);
      if (is_causal && ke > qs + 1) {
        // keys after their query (absolute positions) contribute nothing
        const kt::Tensor hidden =
            kt::arange(static_cast<double>(ks), static_cast<double>(ke)).unsqueeze(0) >
            kt::arange(static_cast<double>(qs), static_cast<double>(qe)).unsqueeze(1);
        p = p.masked_fill(hidden, 0.0);
      }
      l = l * alpha + kt::sum(p, -1, true);
      acc = acc * alpha + kt::matmul(p, v.slice(-2, ks, ke));
      m = m_new;
    }
    outs.push_back(acc / l);
  }
  if (outs.empty()) return kt::zeros(with(T, dv), dt);
  return kt::cat(outs, -2);
}

}  // namespace kata
