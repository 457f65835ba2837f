// expect: fail
// Wrong, no named pitfall (written blind, round 52): the causal mask applied only while the cache
// is empty: a later chunk of more than one token sees its own future.
#include "kv_cache.hpp"

#include <cmath>
#include <limits>
#include <vector>

namespace {

// Rotate-half RoPE on (B, H, T, d): row t sits at position start + t.
kt::Tensor rope(const kt::Tensor& x, int64_t start) {
  const int64_t T = x.size(2);
  const int64_t d = x.size(3);
  const int64_t half = d / 2;
  std::vector<double> inv_freq(static_cast<size_t>(half));
  for (int64_t i = 0; i < half; ++i) {
    inv_freq[static_cast<size_t>(i)] =
        std::pow(10000.0, -2.0 * static_cast<double>(i) / static_cast<double>(d));
  }
  const kt::Tensor pos =
      kt::arange(static_cast<double>(start), static_cast<double>(start + T)).unsqueeze(1);
  const kt::Tensor angles = pos * kt::from_vector(inv_freq, {1, half});  // (T, half)
  const kt::Tensor cos = kt::cos(angles);
  const kt::Tensor sin = kt::sin(angles);
  const kt::Tensor x1 = x.narrow(-1, 0, half);
  const kt::Tensor x2 = x.narrow(-1, half, half);
  return kt::cat({x1 * cos - x2 * sin, x2 * cos + x1 * sin}, -1);
}

}  // namespace

kt::Tensor CachedAttention::forward(const kt::Tensor& x, KVCache& cache) const {
  const int64_t B = x.size(0);
  const int64_t T_new = x.size(1);
  const int64_t L = cache.length();
  const int64_t H = num_heads;
  const int64_t dh = d_head;

  const kt::Tensor q = rope(q_proj(x).view({B, T_new, H, dh}).transpose(1, 2), L);
  const kt::Tensor k = rope(k_proj(x).view({B, T_new, H, dh}).transpose(1, 2), L);
  const kt::Tensor v = v_proj(x).view({B, T_new, H, dh}).transpose(1, 2).contiguous();

  if (L == 0) {
    cache.k = k;
    cache.v = v;
  } else {
    cache.k = kt::cat({cache.k, k}, 2);
    cache.v = kt::cat({cache.v, v}, 2);
  }

  kt::Tensor scores = kt::matmul(q, cache.k.transpose(-2, -1)) /
                      std::sqrt(static_cast<double>(dh));  // (B, H, T_new, L + T_new)
  if (L == 0) {
    const kt::Tensor allowed = kt::tril(kt::ones({T_new, T_new}, kt::Bool));
    scores = scores.masked_fill(~allowed, -std::numeric_limits<double>::infinity());
  }
  const kt::Tensor weights = kt::softmax(scores, -1);
  const kt::Tensor merged =
      kt::matmul(weights, cache.v).transpose(1, 2).contiguous().view({B, T_new, d_model});
  return out_proj(merged);
}
