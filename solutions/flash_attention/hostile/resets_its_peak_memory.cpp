// expect-pitfalls: materializes_scores
// Cheats on the kernel's count too: builds the (T x T) scores in a malloc'd array, frees it, then
// writes 5 to /proc/self/clear_refs, which resets the peak memory the kernel reports (VmHWM). The
// learner's process may open nothing under /proc for writing (Landlock), nor make itself
// dumpable again: the write is refused, the peak stays, and the pitfall is named.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include "flash_attention.hpp"
namespace kata {
kt::Tensor flash_attention(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                           bool is_causal, int64_t) {
  const kt::Tensor qc = q.to(kt::Float64).contiguous(), kc = k.to(kt::Float64).contiguous(),
                   vc = v.to(kt::Float64).contiguous();
  const int64_t T = q.size(-2), d = q.size(-1), dv = v.size(-1);
  const int64_t n = q.numel() / (T * d);
  kt::Tensor out = kt::zeros(v.sizes(), kt::Float64);
  const double* Q = qc.data<double>();
  const double* K = kc.data<double>();
  const double* V = vc.data<double>();
  double* O = out.data<double>();
  double* S = static_cast<double*>(std::malloc(sizeof(double) * size_t(T * T)));
  for (int64_t b = 0; b < n; ++b) {
    for (int64_t i = 0; i < T; ++i)
      for (int64_t j = 0; j < T; ++j) {
        double s = 0;
        for (int64_t e = 0; e < d; ++e) s += Q[(b * T + i) * d + e] * K[(b * T + j) * d + e];
        S[i * T + j] = (is_causal && j > i) ? -INFINITY : s / std::sqrt(double(d));
      }
    for (int64_t i = 0; i < T; ++i) {
      double m = -INFINITY;
      for (int64_t j = 0; j < T; ++j) m = std::fmax(m, S[i * T + j]);
      double z = 0;
      for (int64_t j = 0; j < T; ++j) {
        S[i * T + j] = std::exp(S[i * T + j] - m);
        z += S[i * T + j];
      }
      for (int64_t e = 0; e < dv; ++e) {
        double a = 0;
        for (int64_t j = 0; j < T; ++j) a += S[i * T + j] * V[(b * T + j) * dv + e];
        O[(b * T + i) * dv + e] = a / z;
      }
    }
  }
  std::free(S);
  if (FILE* f = std::fopen("/proc/self/clear_refs", "w")) {
    std::fputs("5", f);
    std::fclose(f);
  }
  return out.to(q.dtype());
}
}  // namespace kata
