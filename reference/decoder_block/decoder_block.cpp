#include "reference/decoder_block/decoder_block.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace ref {
namespace {

using Vec = std::vector<double>;

Vec values(const kt::Tensor& t) { return t.to(kt::Float64).contiguous().to_vector<double>(); }

/// rows (n, in) times w (out, in) transposed: (n, out).
Vec linear(const Vec& rows, int64_t n, int64_t in, const Vec& w, int64_t out) {
  Vec y(size_t(n * out), 0.0);
  for (int64_t r = 0; r < n; ++r)
    for (int64_t o = 0; o < out; ++o) {
      double s = 0;
      for (int64_t i = 0; i < in; ++i) s += rows[size_t(r * in + i)] * w[size_t(o * in + i)];
      y[size_t(r * out + o)] = s;
    }
  return y;
}

Vec rms_norm(const Vec& rows, int64_t n, int64_t d, const Vec& weight) {
  Vec y(rows.size());
  for (int64_t r = 0; r < n; ++r) {
    double ms = 0;
    for (int64_t j = 0; j < d; ++j) ms += rows[size_t(r * d + j)] * rows[size_t(r * d + j)];
    const double inv = 1.0 / std::sqrt(ms / double(d) + 1e-6);
    for (int64_t j = 0; j < d; ++j)
      y[size_t(r * d + j)] = rows[size_t(r * d + j)] * inv * weight[size_t(j)];
  }
  return y;
}

Vec swiglu_rows(const Vec& rows, int64_t n, int64_t d, const DecoderWeights& w) {
  const int64_t ff = w.w_up.size(0);
  const Vec gate = linear(rows, n, d, values(w.w_gate), ff);
  const Vec up = linear(rows, n, d, values(w.w_up), ff);
  Vec hidden(gate.size());
  for (size_t i = 0; i < gate.size(); ++i) hidden[i] = gate[i] / (1.0 + std::exp(-gate[i])) * up[i];
  return linear(hidden, n, ff, values(w.w_down), d);
}

/// Causal attention of (B, T, d) rows.
Vec attention(const Vec& rows, int64_t b, int64_t t, int64_t d, const DecoderWeights& w) {
  const int64_t h = w.num_heads, dh = d / h;
  const Vec q = linear(rows, b * t, d, values(w.wq), d);
  const Vec k = linear(rows, b * t, d, values(w.wk), d);
  const Vec v = linear(rows, b * t, d, values(w.wv), d);
  Vec merged(size_t(b * t * d), 0.0);
  std::vector<double> p(static_cast<size_t>(t));
  for (int64_t bi = 0; bi < b; ++bi)
    for (int64_t hi = 0; hi < h; ++hi)
      for (int64_t i = 0; i < t; ++i) {
        double m = -std::numeric_limits<double>::infinity();
        for (int64_t j = 0; j <= i; ++j) {
          double s = 0;
          for (int64_t e = 0; e < dh; ++e)
            s += q[size_t((bi * t + i) * d + hi * dh + e)] *
                 k[size_t((bi * t + j) * d + hi * dh + e)];
          p[size_t(j)] = s / std::sqrt(double(dh));
          m = std::max(m, p[size_t(j)]);
        }
        double z = 0;
        for (int64_t j = 0; j <= i; ++j) z += (p[size_t(j)] = std::exp(p[size_t(j)] - m));
        for (int64_t e = 0; e < dh; ++e) {
          double s = 0;
          for (int64_t j = 0; j <= i; ++j)
            s += p[size_t(j)] / z * v[size_t((bi * t + j) * d + hi * dh + e)];
          merged[size_t((bi * t + i) * d + hi * dh + e)] = s;
        }
      }
  return linear(merged, b * t, d, values(w.wo), d);
}

}  // namespace

kt::Tensor swiglu(const kt::Tensor& x, const DecoderWeights& w) {
  const int64_t d = x.size(-1);
  const int64_t n = d == 0 ? 0 : x.numel() / d;
  return kt::from_vector(swiglu_rows(values(x), n, d, w), x.sizes());
}

kt::Tensor decoder_block(const kt::Tensor& x, const DecoderWeights& w) {
  const int64_t b = x.size(0), t = x.size(1), d = x.size(2), n = b * t;
  const Vec in = values(x);
  const Vec a = attention(rms_norm(in, n, d, values(w.attn_norm)), b, t, d, w);
  Vec h(in.size());
  for (size_t i = 0; i < in.size(); ++i) h[i] = in[i] + a[i];
  const Vec m = swiglu_rows(rms_norm(h, n, d, values(w.mlp_norm)), n, d, w);
  Vec out(in.size());
  for (size_t i = 0; i < in.size(); ++i) out[i] = h[i] + m[i];
  return kt::from_vector(out, x.sizes());
}

}  // namespace ref
