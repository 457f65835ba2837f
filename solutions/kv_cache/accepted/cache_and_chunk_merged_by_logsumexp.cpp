// expect: pass
// Accepted: attends to the cached keys and to the new chunk as two separate softmaxes (the cache
// unmasked, the chunk with a square causal mask) and merges them with their log-sum-exps, as
// split-K / flash decoding does.
#include "kv_cache.hpp"

#include <cmath>
#include <vector>

namespace {

/// Rotate-half RoPE (base 10000) of t (B, H, T, d_head), row i at position start + i, written as
/// t * cos + rotate_half(t) * sin with rotate_half(t) = [-t2, t1].
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
  const kt::Tensor cos = kt::cat({kt::cos(angles), kt::cos(angles)}, -1);      // (T, d)
  const kt::Tensor sin = kt::cat({kt::sin(angles), kt::sin(angles)}, -1);
  const kt::Tensor rotated_half = kt::cat({-t.narrow(-1, half, half), t.narrow(-1, 0, half)}, -1);
  return t * cos + rotated_half * sin;
}

struct Partial {
  kt::Tensor out;  // softmax-weighted values over this block of keys, (B, H, T_new, d_head)
  kt::Tensor lse;  // log-sum-exp of this block's scores, (B, H, T_new, 1)
};

Partial attend_block(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v, double scale,
                     const kt::Tensor& keep) {
  kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) * scale;
  if (keep.defined()) scores = kt::masked_fill(scores, ~keep, kt::finfo(scores.dtype()).min);
  return {kt::matmul(kt::softmax(scores, -1), v), kt::logsumexp(scores, -1, /*keepdim=*/true)};
}

}  // namespace

kt::Tensor CachedAttention::forward(const kt::Tensor& x, KVCache& cache) const {
  const int64_t B = x.size(0);
  const int64_t T_new = x.size(1);
  const int64_t L = cache.length();  // position of the first new token
  const double scale = 1.0 / std::sqrt(static_cast<double>(d_head));

  auto heads = [&](const kt::Tensor& t) {
    return t.view({B, T_new, num_heads, d_head}).transpose(1, 2);  // (B, H, T_new, d_head)
  };
  const kt::Tensor q = rope(heads(q_proj(x)), L);
  const kt::Tensor k = rope(heads(k_proj(x)), L);
  const kt::Tensor v = heads(v_proj(x)).contiguous();

  // The chunk against itself: causal, a square triangle (every row keeps its own key).
  const kt::Tensor causal = kt::tril(kt::ones({T_new, T_new}, kt::Bool));
  const Partial fresh = attend_block(q, k, v, scale, causal);

  kt::Tensor o = fresh.out;
  if (L > 0) {
    // The chunk against the cache: every new token sees every cached one, no mask.
    const Partial past = attend_block(q, cache.k, cache.v, scale, kt::Tensor());
    const kt::Tensor m = kt::maximum(past.lse, fresh.lse);
    const kt::Tensor w_past = kt::exp(past.lse - m);
    const kt::Tensor w_fresh = kt::exp(fresh.lse - m);
    o = (w_past * past.out + w_fresh * fresh.out) / (w_past + w_fresh);
    cache.k = kt::cat({cache.k, k}, 2);
    cache.v = kt::cat({cache.v, v}, 2);
  } else {
    cache.k = k;
    cache.v = v;
  }
  return out_proj(o.transpose(1, 2).reshape({B, T_new, d_model}));
}
