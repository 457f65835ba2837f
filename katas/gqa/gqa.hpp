// GIVEN — do not edit. The grader builds this class, copies its own weights into the four
// projections, and calls your two forward() methods in gqa.cpp.
#pragma once

#include <cstdint>
#include <string>

#include "kt/tensor.hpp"

class GroupedQueryAttention {
 public:
  /// q_proj and out_proj are (d_model x d_model); k_proj and v_proj map d_model to
  /// num_kv_heads * d_head. With biases unless bias is false.
  GroupedQueryAttention(int64_t d_model_, int64_t num_heads_, int64_t num_kv_heads_,
                        bool bias = false)
      : d_model(d_model_),
        num_heads(num_heads_),
        num_kv_heads(num_kv_heads_),
        d_head(check_heads(d_model_, num_heads_, num_kv_heads_)),
        q_proj(d_model_, d_model_, bias),
        k_proj(d_model_, num_kv_heads_ * d_head, bias),
        v_proj(d_model_, num_kv_heads_ * d_head, bias),
        out_proj(d_model_, d_model_, bias) {}

  /// x: (B, T, d_model) -> (B, T, d_model). Query head h attends with key/value head
  /// h / (num_heads / num_kv_heads). With causal, position i attends only to j <= i.
  kt::Tensor forward(const kt::Tensor& x, bool causal = false) const;

  /// attn_mask: Bool, true = may attend, broadcastable to (B, num_heads, T, T). A query row may
  /// be entirely false (padding): its output must not be NaN.
  kt::Tensor forward(const kt::Tensor& x, const kt::Tensor& attn_mask) const;

  int64_t d_model;
  int64_t num_heads;
  int64_t num_kv_heads;
  int64_t d_head;  // d_model / num_heads, for the query heads and the key/value heads alike
  kt::nn::Linear q_proj, k_proj, v_proj, out_proj;

 private:
  static int64_t check_heads(int64_t d_model_, int64_t num_heads_, int64_t num_kv_heads_) {
    if (num_heads_ <= 0 || d_model_ <= 0 || d_model_ % num_heads_ != 0) {
      throw kt::ValueError("GroupedQueryAttention: d_model (" + std::to_string(d_model_) +
                           ") must be a positive multiple of num_heads (" +
                           std::to_string(num_heads_) + ")");
    }
    if (num_kv_heads_ <= 0 || num_heads_ % num_kv_heads_ != 0) {
      throw kt::ValueError("GroupedQueryAttention: num_kv_heads (" + std::to_string(num_kv_heads_) +
                           ") must divide num_heads (" + std::to_string(num_heads_) + ")");
    }
    return d_model_ / num_heads_;
  }
};
