// expect-pitfalls: cache_recomputed, rope_positions_restart
// Known bad, a double: re-projects the whole prefix at every call (kept in a static map), its keys
// rotated from the sequence's start (rightly), and rotates the call's new queries from position 0.
#include <cmath>
#include <map>

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
  static std::map<const KVCache*, kt::Tensor> seen;  // the tokens of each cache's sequence
  const int64_t L = cache.length();
  kt::Tensor& prefix = seen[&cache];
  prefix = L == 0 ? x.clone() : kt::cat({prefix, x}, 1);
  const int64_t B = x.size(0), T = x.size(1), S = prefix.size(1);
  auto split_all = [&](const kt::Tensor& t) {
    return t.view({B, S, num_heads, d_head}).transpose(1, 2);
  };
  // Every key and value again, from the whole prefix.
  cache.k = rope(split_all(k_proj(prefix)), 0);
  cache.v = split_all(v_proj(prefix));
  auto split = [&](const kt::Tensor& t) {
    return t.view({B, T, num_heads, d_head}).transpose(1, 2);  // (B, H, T, d_head)
  };
  const kt::Tensor q = rope(split(q_proj(x)), 0);
  // New token i sits at position L + i: it may see keys j <= L + i (a bottom-right triangle).
  const kt::Tensor allowed = kt::tril(kt::ones({T, L + T}, kt::Bool), L);
  kt::Tensor scores = kt::matmul(q, cache.k.transpose(-2, -1)) / std::sqrt(double(d_head));
  scores = scores.masked_fill(~allowed, kt::finfo(scores.dtype()).min);
  const kt::Tensor heads = kt::matmul(kt::softmax(scores, -1), cache.v);
  return out_proj(heads.transpose(1, 2).contiguous().view({B, T, d_model}));
}
