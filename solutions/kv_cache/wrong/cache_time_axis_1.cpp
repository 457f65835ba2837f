// expect: fail
// The cache kept as (B, T, H, d_head), before the heads' transpose, and appended along axis 1:
// cache.length() (its size along axis 2) is then num_heads, not the number of tokens cached.
#include <cmath>

#include "kv_cache.hpp"

namespace {

/// RoPE, rotate-half, base 10000: x (B, H, T, d) with row t at position start + t.
kt::Tensor rope(const kt::Tensor& x, int64_t start) {
  const int64_t T = x.size(2), d = x.size(3), half = d / 2;
  const kt::Tensor inv_freq =
      kt::exp(kt::arange(double(half)) * (-2.0 * std::log(10000.0) / double(d)));
  const kt::Tensor angles = kt::arange(double(start), double(start + T)).unsqueeze(1) * inv_freq;
  const kt::Tensor cos = kt::cos(angles), sin = kt::sin(angles);
  const kt::Tensor x1 = x.narrow(-1, 0, half), x2 = x.narrow(-1, half, half);
  return kt::cat({x1 * cos - x2 * sin, x2 * cos + x1 * sin}, -1);
}

}  // namespace

kt::Tensor CachedAttention::forward(const kt::Tensor& x, KVCache& cache) const {
  const int64_t B = x.size(0), T = x.size(1), L = cache.length();
  auto split = [&](const kt::Tensor& t) {
    return t.view({B, T, num_heads, d_head}).transpose(1, 2);  // (B, H, T, d_head)
  };
  const kt::Tensor q = rope(split(q_proj(x)), L);
  const kt::Tensor k_new = rope(split(k_proj(x)), L).transpose(1, 2);  // (B, T, H, d_head)
  const kt::Tensor v_new = v_proj(x).view({B, T, num_heads, d_head});
  cache.k = L == 0 ? k_new : kt::cat({cache.k, k_new}, 1);
  cache.v = L == 0 ? v_new : kt::cat({cache.v, v_new}, 1);
  const kt::Tensor k = cache.k.transpose(1, 2), v = cache.v.transpose(1, 2);
  // New token i sits at position L + i: it may see keys j <= L + i (a bottom-right triangle).
  const int64_t total = k.size(2);
  const kt::Tensor allowed = kt::tril(kt::ones({T, total}, kt::Bool), total - T);
  kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) / std::sqrt(double(d_head));
  scores = scores.masked_fill(~allowed, kt::finfo(scores.dtype()).min);
  const kt::Tensor heads = kt::matmul(kt::softmax(scores, -1), v);
  return out_proj(heads.transpose(1, 2).contiguous().view({B, T, d_model}));
}
