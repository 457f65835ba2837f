// GIVEN — do not edit. The grader builds this class, copies its own random weights into every
// Linear and both norm weights, and calls the two methods you write in decoder_block.cpp: forward
// and mlp. attention and rms_norm are given, here, for you to read and call.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>

#include "kt/tensor.hpp"

class DecoderBlock {  // pre-norm, as in LLaMA; no biases
 public:
  DecoderBlock(int64_t d_model_, int64_t num_heads_, int64_t d_ff_)
      : d_model(d_model_),
        num_heads(num_heads_),
        d_head(check_heads(d_model_, num_heads_)),
        d_ff(d_ff_),
        q_proj(d_model_, d_model_, false),
        k_proj(d_model_, d_model_, false),
        v_proj(d_model_, d_model_, false),
        o_proj(d_model_, d_model_, false),
        w_gate(d_model_, d_ff_, false),
        w_up(d_model_, d_ff_, false),
        w_down(d_ff_, d_model_, false),
        attn_norm_weight(kt::ones({d_model_})),
        mlp_norm_weight(kt::ones({d_model_})) {}

  /// yours: x (B, T, d_model) -> (B, T, d_model), Float64:
  ///   h = x + attention(rms_norm(x, attn_norm_weight))
  ///   out = h + mlp(rms_norm(h, mlp_norm_weight))
  kt::Tensor forward(const kt::Tensor& x) const;

  /// yours: the SwiGLU feed-forward, w_down(silu(w_gate(x)) * w_up(x)), for any (..., d_model).
  kt::Tensor mlp(const kt::Tensor& x) const;

  /// given: causal multi-head attention, (B, T, d_model) -> (B, T, d_model): position i attends to
  /// positions j <= i.
  kt::Tensor attention(const kt::Tensor& x) const {
    const int64_t b = x.size(0), t = x.size(1);
    const auto heads = [&](const kt::Tensor& p) {
      return p.view({b, t, num_heads, d_head}).transpose(1, 2);  // (B, H, T, d_head)
    };
    const kt::Tensor q = heads(q_proj(x)), k = heads(k_proj(x)), v = heads(v_proj(x));
    const kt::Tensor future = kt::triu(kt::ones({t, t}, kt::Bool), 1);
    const kt::Tensor scores = (kt::matmul(q, k.transpose(-2, -1)) / std::sqrt(double(d_head)))
                                  .masked_fill(future, -std::numeric_limits<double>::infinity());
    const kt::Tensor heads_out = kt::matmul(kt::softmax(scores, -1), v);
    return o_proj(heads_out.transpose(1, 2).contiguous().view({b, t, d_model}));
  }

  /// given: RMSNorm over the last axis, eps 1e-6: x / sqrt(mean(x^2) + 1e-6) * weight.
  static kt::Tensor rms_norm(const kt::Tensor& x, const kt::Tensor& weight) {
    return x * kt::rsqrt(kt::mean(x * x, -1, true) + 1e-6) * weight;
  }

  int64_t d_model, num_heads, d_head, d_ff;
  kt::nn::Linear q_proj, k_proj, v_proj, o_proj;  // d_model -> d_model, no bias
  kt::nn::Linear w_gate, w_up;                    // d_model -> d_ff
  kt::nn::Linear w_down;                          // d_ff -> d_model
  kt::Tensor attn_norm_weight, mlp_norm_weight;   // (d_model), ones at construction

 private:
  static int64_t check_heads(int64_t d_model_, int64_t num_heads_) {
    if (num_heads_ <= 0 || d_model_ <= 0 || d_model_ % num_heads_ != 0) {
      throw kt::ValueError("DecoderBlock: d_model (" + std::to_string(d_model_) +
                           ") must be a positive multiple of num_heads (" +
                           std::to_string(num_heads_) + ")");
    }
    return d_model_ / num_heads_;
  }
};
