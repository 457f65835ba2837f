// expect: fail
// expect-diagnosis: rope_frequencies_exponent_halved
// Wrong, no named pitfall (written as an unseen suite would, round 50): RoPE inverse frequencies
// built as 10000^(−j/d_head) from arange(d_head/2) instead of 10000^(−2j/d_head) (no-op only when
// d_head = 2)
// Decoding with a KV cache.
#include "kv_cache.hpp"

#include <cmath>

namespace {

// (B, T, H*dh) -> (B, H, T, dh)
kt::Tensor split_heads(const kt::Tensor& t, int64_t H, int64_t dh) {
  return t.view({t.size(0), t.size(1), H, dh}).transpose(1, 2);
}

kt::Tensor rotate_half(const kt::Tensor& t) {
  const int64_t half = t.size(-1) / 2;
  const kt::Tensor x1 = t.narrow(-1, 0, half);
  const kt::Tensor x2 = t.narrow(-1, half, half);
  return kt::cat({-x2, x1}, -1);
}

// RoPE (rotate-half, base 10000) on t (B, H, T, dh), token i at position start + i.
kt::Tensor rope(const kt::Tensor& t, int64_t start) {
  const int64_t T = t.size(2), dh = t.size(3);
  // inv_freq_j = 10000^(-2j / dh), j = 0 .. dh/2 - 1
  const kt::Tensor inv_freq = kt::exp(kt::arange(static_cast<double>(dh / 2)) *
                                      (-std::log(10000.0) / static_cast<double>(dh)));
  const kt::Tensor pos = kt::arange(static_cast<double>(start), static_cast<double>(start + T));
  const kt::Tensor angles = kt::matmul(pos.unsqueeze(1), inv_freq.unsqueeze(0));  // (T, dh/2)
  const kt::Tensor emb = kt::cat({angles, angles}, -1);                           // (T, dh)
  return t * kt::cos(emb) + rotate_half(t) * kt::sin(emb);
}

}  // namespace

kt::Tensor CachedAttention::forward(const kt::Tensor& x, KVCache& cache) const {
  const int64_t B = x.size(0), T_new = x.size(1);
  const int64_t L = cache.length();

  kt::Tensor q = rope(split_heads(q_proj(x), num_heads, d_head), L);
  kt::Tensor k = rope(split_heads(k_proj(x), num_heads, d_head), L);
  kt::Tensor v = split_heads(v_proj(x), num_heads, d_head);

  if (cache.k.defined()) {
    cache.k = kt::cat({cache.k, k}, 2);
    cache.v = kt::cat({cache.v, v}, 2);
  } else {
    cache.k = k.contiguous();
    cache.v = v.contiguous();
  }
  const int64_t T_all = L + T_new;

  const double scale = 1.0 / std::sqrt(static_cast<double>(d_head));
  kt::Tensor scores = kt::matmul(q, cache.k.transpose(-2, -1)) * scale;  // (B, H, T_new, T_all)
  // New token i sits at position L + i: it sees keys 0 .. L + i.
  const kt::Tensor allowed = kt::tril(kt::ones({T_new, T_all}, kt::Bool), L);
  scores = scores.masked_fill(~allowed, -INFINITY);
  const kt::Tensor w = kt::softmax(scores, -1);
  const kt::Tensor out = kt::matmul(w, cache.v);  // (B, H, T_new, dh)
  return out_proj(out.transpose(1, 2).contiguous().view({B, T_new, d_model}));
}
