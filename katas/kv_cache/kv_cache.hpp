// GIVEN — do not edit. The grader builds this class, copies its own weights into the four
// projections, and calls your forward() in kv_cache.cpp once per chunk of a sequence, with the
// same cache each time.
#pragma once

#include <cstdint>
#include <string>

#include "kt/tensor.hpp"

/// The keys and values of every token seen so far, (B, num_heads, T_cached, d_head) each; the keys
/// are stored already rotated (RoPE at their own positions). Both undefined before the first call.
struct KVCache {
  kt::Tensor k, v;
  [[nodiscard]] int64_t length() const { return k.defined() ? k.size(2) : 0; }
};

/// Causal multi-head self-attention with rotary position embeddings (rotate-half, base 10000) on
/// q and k, for incremental decoding.
class CachedAttention {
 public:
  /// Four square projections (d_model x d_model), with biases if bias is true. d_head =
  /// d_model / num_heads must be even (RoPE rotates pairs).
  CachedAttention(int64_t d_model_, int64_t num_heads_, bool bias = false)
      : d_model(d_model_),
        num_heads(num_heads_),
        d_head(check_heads(d_model_, num_heads_)),
        q_proj(d_model_, d_model_, bias),
        k_proj(d_model_, d_model_, bias),
        v_proj(d_model_, d_model_, bias),
        out_proj(d_model_, d_model_, bias) {}

  /// x: (B, T_new, d_model), the next T_new tokens of the sequence (positions cache.length() ..
  /// cache.length() + T_new - 1). Appends their keys and values to the cache and returns their
  /// outputs (B, T_new, d_model): each new token attends to every cached token and to the new
  /// tokens up to itself, scores scaled by 1/sqrt(d_head).
  kt::Tensor forward(const kt::Tensor& x, KVCache& cache) const;

  int64_t d_model;
  int64_t num_heads;
  int64_t d_head;  // d_model / num_heads
  kt::nn::Linear q_proj, k_proj, v_proj, out_proj;

 private:
  static int64_t check_heads(int64_t d_model_, int64_t num_heads_) {
    if (num_heads_ <= 0 || d_model_ <= 0 || d_model_ % num_heads_ != 0 ||
        (d_model_ / num_heads_) % 2 != 0) {
      throw kt::ValueError("CachedAttention: d_model (" + std::to_string(d_model_) +
                           ") must be a positive multiple of num_heads (" +
                           std::to_string(num_heads_) + ") with an even d_head, for RoPE");
    }
    return d_model_ / num_heads_;
  }
};
