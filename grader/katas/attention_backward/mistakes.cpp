#include "grader/katas/attention_backward/mistakes.hpp"

#include <cmath>

namespace grader::kata_attention_backward {

Grads simulate(const Case& c, const Mistakes& m) {
  const int64_t T = c.T();
  const double scale = 1.0 / std::sqrt(double(c.d()));
  const kt::Tensor raw = kt::matmul(c.q, c.k.transpose(-2, -1));
  const kt::Tensor s = raw * scale;
  kt::Tensor allowed = kt::ones({T, T}, kt::Bool);
  if (c.causal) allowed = kt::tril(allowed);
  const kt::Tensor p_masked = kt::softmax(s.masked_fill(~allowed, kt::finfo(kt::Float64).min), -1);
  const kt::Tensor p_full = kt::softmax(s, -1);
  const kt::Tensor p_dv = m.leak == Leak::None ? p_masked : p_full;
  const kt::Tensor p_ds = m.leak == Leak::Everywhere ? p_full : p_masked;

  const kt::Tensor dv_from = m.dv == DvFrom::Weights ? p_dv : m.dv == DvFrom::Scores ? s : raw;
  const kt::Tensor dv = kt::matmul(dv_from.transpose(-2, -1), c.dout);
  const kt::Tensor dp = kt::matmul(c.dout, c.v.transpose(-2, -1));
  const kt::Tensor ds =
      m.no_rowsum ? p_ds * dp : p_ds * (dp - kt::sum(p_ds * dp, -1, /*keepdim=*/true));
  const bool dq_scaled = m.scale == Scale::Right || m.scale == Scale::DkMissing;
  const bool dk_scaled = m.scale == Scale::Right || m.scale == Scale::DqMissing;
  const kt::Tensor dq = kt::matmul(ds, c.k) * (dq_scaled ? scale : 1.0);
  const kt::Tensor dk =
      kt::matmul(m.dk_transposed ? ds : ds.transpose(-2, -1), c.q) * (dk_scaled ? scale : 1.0);
  return {dq, dk, dv};
}

}  // namespace grader::kata_attention_backward
