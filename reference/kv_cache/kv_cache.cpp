#include "reference/kv_cache/kv_cache.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "reference/rope/rope.hpp"

namespace ref {
namespace {

using Values = std::vector<double>;

Values as_values(const kt::Tensor& t) { return t.to(kt::Float64).contiguous().to_vector<double>(); }

/// y[r, :] = x[r, :] Wᵀ + b for rows of n values; W is (m, n).
Values project(const Values& x, int64_t rows, const kt::Tensor& w, const kt::Tensor& b) {
  const int64_t m = w.size(0), n = w.size(1);
  const Values W = as_values(w);
  const Values bias = b.defined() ? as_values(b) : Values(size_t(m), 0.0);
  Values y(size_t(rows * m));
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t o = 0; o < m; ++o) {
      double s = bias[size_t(o)];
      for (int64_t i = 0; i < n; ++i) s += x[size_t(r * n + i)] * W[size_t(o * n + i)];
      y[size_t(r * m + o)] = s;
    }
  }
  return y;
}

/// (B, T, H * dh) rows as a (B, H, T, dh) tensor.
kt::Tensor heads(const Values& y, int64_t B, int64_t T, int64_t H, int64_t dh) {
  Values out(y.size());
  for (int64_t b = 0; b < B; ++b)
    for (int64_t t = 0; t < T; ++t)
      for (int64_t h = 0; h < H; ++h)
        for (int64_t e = 0; e < dh; ++e)
          out[size_t(((b * H + h) * T + t) * dh + e)] =
              y[size_t((b * T + t) * H * dh + h * dh + e)];
  return kt::from_vector(out, {B, H, T, dh});
}

}  // namespace

CachedSequence cached_attention(const kt::Tensor& x, const MhaWeights& w, int64_t num_heads) {
  const int64_t B = x.size(0), T = x.size(1), D = x.size(2), H = num_heads, dh = D / H;
  const Values xs = as_values(x);
  const kt::Tensor q = ref::rope(heads(project(xs, B * T, w.wq, w.bq), B, T, H, dh), 0);
  const kt::Tensor k = ref::rope(heads(project(xs, B * T, w.wk, w.bk), B, T, H, dh), 0);
  const kt::Tensor v = heads(project(xs, B * T, w.wv, w.bv), B, T, H, dh);
  const Values Q = as_values(q), K = as_values(k), V = as_values(v);
  const double scale = 1.0 / std::sqrt(double(dh));
  Values merged(size_t(B * T * D));  // (B, T, H * dh)
  Values p(static_cast<size_t>(T));
  for (int64_t b = 0; b < B; ++b) {
    for (int64_t h = 0; h < H; ++h) {
      const size_t base = size_t((b * H + h) * T * dh);
      for (int64_t i = 0; i < T; ++i) {
        double top = -std::numeric_limits<double>::infinity();
        for (int64_t j = 0; j <= i; ++j) {  // causal: keys up to the query's own position
          double s = 0;
          for (int64_t e = 0; e < dh; ++e)
            s += Q[base + size_t(i * dh + e)] * K[base + size_t(j * dh + e)];
          p[size_t(j)] = s * scale;
          top = std::max(top, p[size_t(j)]);
        }
        double total = 0;
        for (int64_t j = 0; j <= i; ++j) total += p[size_t(j)] = std::exp(p[size_t(j)] - top);
        for (int64_t e = 0; e < dh; ++e) {
          double s = 0;
          for (int64_t j = 0; j <= i; ++j) s += p[size_t(j)] * V[base + size_t(j * dh + e)];
          merged[size_t((b * T + i) * D + h * dh + e)] = s / total;
        }
      }
    }
  }
  return {kt::from_vector(project(merged, B * T, w.wo, w.bo), {B, T, D}), k, v};
}

}  // namespace ref
