// expect: fail
// Wrong: the 1/√d_head scale is folded into the keys before they are appended, so the outputs are
// right but the cache holds rotated keys times 1/√d_head instead of the rotated keys.
#include "kv_cache.hpp"

#include <cmath>
#include <vector>

namespace {

/// Rotate-half RoPE (base 10000) of t (B, H, T, d_head), row i at position start + i.
kt::Tensor rope(const kt::Tensor& t, int64_t start) {
  const int64_t T = t.size(2);
  const int64_t d = t.size(3);
  const int64_t half = d / 2;
  std::vector<double> inv_freq(static_cast<size_t>(half));
  for (int64_t i = 0; i < half; ++i) {
    inv_freq[static_cast<size_t>(i)] =
        std::pow(10000.0, -2.0 * static_cast<double>(i) / static_cast<double>(d));
  }
  const kt::Tensor positions =
      kt::arange(static_cast<double>(start), static_cast<double>(start + T)).unsqueeze(-1);
  const kt::Tensor angles = positions * kt::from_vector(inv_freq, {1, half});  // (T, half)
  const kt::Tensor cos = kt::cos(angles);
  const kt::Tensor sin = kt::sin(angles);
  const kt::Tensor x1 = t.narrow(-1, 0, half);
  const kt::Tensor x2 = t.narrow(-1, half, half);
  return kt::cat({x1 * cos - x2 * sin, x2 * cos + x1 * sin}, -1);
}

}  // namespace

kt::Tensor CachedAttention::forward(const kt::Tensor& x, KVCache& cache) const {
  const int64_t B = x.size(0);
  const int64_t T_new = x.size(1);
  const int64_t L = cache.length();  // position of the first new token

  auto heads = [&](const kt::Tensor& t) {
    return t.view({B, T_new, num_heads, d_head}).transpose(1, 2);  // (B, H, T_new, d_head)
  };
  const kt::Tensor q = rope(heads(q_proj(x)), L);
  const kt::Tensor k = rope(heads(k_proj(x)), L);
  const kt::Tensor v = heads(v_proj(x));

  // Scale the keys once, when they enter the cache, so cached keys are never rescaled.
  const kt::Tensor k_scaled = k * (1.0 / std::sqrt(static_cast<double>(d_head)));
  cache.k = L == 0 ? k_scaled : kt::cat({cache.k, k_scaled}, 2);
  cache.v = L == 0 ? v.contiguous() : kt::cat({cache.v, v}, 2);

  const int64_t T_all = L + T_new;
  kt::Tensor scores = kt::matmul(q, cache.k.transpose(-2, -1));  // (B, H, T_new, T_all)
  // New token i (position L + i) sees keys 0 .. L + i: the bottom-right triangle.
  const kt::Tensor keep = kt::tril(kt::ones({T_new, T_all}, kt::Bool), L);
  scores = kt::masked_fill(scores, ~keep, kt::finfo(scores.dtype()).min);
  const kt::Tensor o = kt::matmul(kt::softmax(scores, -1), cache.v);  // (B, H, T_new, d_head)
  return out_proj(o.transpose(1, 2).reshape({B, T_new, d_model}));
}
