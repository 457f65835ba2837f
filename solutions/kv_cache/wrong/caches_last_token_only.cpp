// expect: fail
// The prompt's keys and values are attended in the call, but only its last token's are kept in
// the cache: the next call sees one cached position where the prompt left several.
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
  const kt::Tensor k = rope(split(k_proj(x)), L);
  const kt::Tensor v = split(v_proj(x));
  // Attention over the cache and every new token, but only the last new token is kept in the
  // cache for the next call.
  const kt::Tensor keys = L == 0 ? k : kt::cat({cache.k, k}, 2);
  const kt::Tensor values = L == 0 ? v : kt::cat({cache.v, v}, 2);
  const kt::Tensor last_k = k.narrow(2, T - 1, 1), last_v = v.narrow(2, T - 1, 1);
  cache.k = L == 0 ? last_k : kt::cat({cache.k, last_k}, 2);
  cache.v = L == 0 ? last_v : kt::cat({cache.v, last_v}, 2);
  const kt::Tensor allowed = kt::tril(kt::ones({T, L + T}, kt::Bool), L);
  kt::Tensor scores = kt::matmul(q, keys.transpose(-2, -1)) / std::sqrt(double(d_head));
  scores = scores.masked_fill(~allowed, kt::finfo(scores.dtype()).min);
  const kt::Tensor heads = kt::matmul(kt::softmax(scores, -1), values);
  return out_proj(heads.transpose(1, 2).contiguous().view({B, T, d_model}));
}
