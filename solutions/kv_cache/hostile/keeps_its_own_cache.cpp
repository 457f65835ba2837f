// expect: fail
// expect-diagnosis: depends_on_earlier_calls
// Hostile to the grader's state: ignores the cache it is given and keeps one static cache for every
// sequence. The first sequence of a check is right; the next ones see the previous sequences.
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

kt::Tensor CachedAttention::forward(const kt::Tensor& x, KVCache& given) const {
  static KVCache cache;
  (void)given;
  const int64_t B = x.size(0), T = x.size(1), L = cache.length();
  auto split = [&](const kt::Tensor& t) {
    return t.view({B, T, num_heads, d_head}).transpose(1, 2);  // (B, H, T, d_head)
  };
  const kt::Tensor q = rope(split(q_proj(x)), L);
  const kt::Tensor k = rope(split(k_proj(x)), L);
  const kt::Tensor v = split(v_proj(x));
  cache.k = L == 0 ? k : kt::cat({cache.k, k}, 2);
  cache.v = L == 0 ? v : kt::cat({cache.v, v}, 2);
  // New token i sits at position L + i: it may see keys j <= L + i (a bottom-right triangle).
  const kt::Tensor allowed = kt::tril(kt::ones({T, L + T}, kt::Bool), L);
  kt::Tensor scores = kt::matmul(q, cache.k.transpose(-2, -1)) / std::sqrt(double(d_head));
  scores = scores.masked_fill(~allowed, kt::finfo(scores.dtype()).min);
  const kt::Tensor heads = kt::matmul(kt::softmax(scores, -1), cache.v);
  return out_proj(heads.transpose(1, 2).contiguous().view({B, T, d_model}));
}
