// GIVEN — do not edit. The grader builds this class, copies its own weights into the four
// projections, switches it between training and evaluation, and calls your forward() in
// mha_train.cpp with a generator to draw dropout from.
#pragma once

#include <cstdint>
#include <string>

#include "kt/tensor.hpp"

class MultiHeadAttention {
 public:
  /// Four square projections (d_model x d_model), with biases unless bias is false; dropout with
  /// probability dropout_p (0 <= p < 1) on the attention weights while training.
  MultiHeadAttention(int64_t d_model_, int64_t num_heads_, double dropout_p_, bool bias = true)
      : d_model(d_model_),
        num_heads(num_heads_),
        d_head(check(d_model_, num_heads_, dropout_p_)),
        dropout_p(dropout_p_),
        q_proj(d_model_, d_model_, bias),
        k_proj(d_model_, d_model_, bias),
        v_proj(d_model_, d_model_, bias),
        out_proj(d_model_, d_model_, bias) {}

  /// x: (B, T, d_model) -> (B, T, d_model); with causal, position i attends only to j <= i.
  /// While training, each attention weight (after the softmax) is zeroed with probability
  /// dropout_p and the others are divided by 1 - dropout_p, the draws taken from gen. In
  /// evaluation mode nothing is dropped and gen is not used.
  kt::Tensor forward(const kt::Tensor& x, kt::Generator& gen, bool causal = false) const;

  /// Training mode on (the default of a new module, as in PyTorch) or off.
  void train(bool on = true) { training_ = on; }
  /// Evaluation mode: the same as train(false).
  void eval() { training_ = false; }
  [[nodiscard]] bool training() const { return training_; }

  int64_t d_model;
  int64_t num_heads;
  int64_t d_head;  // d_model / num_heads
  double dropout_p;
  kt::nn::Linear q_proj, k_proj, v_proj, out_proj;

 private:
  bool training_ = true;

  static int64_t check(int64_t d_model_, int64_t num_heads_, double p) {
    if (num_heads_ <= 0 || d_model_ <= 0 || d_model_ % num_heads_ != 0) {
      throw kt::ValueError("MultiHeadAttention: d_model (" + std::to_string(d_model_) +
                           ") must be a positive multiple of num_heads (" +
                           std::to_string(num_heads_) + ")");
    }
    if (!(p >= 0.0 && p < 1.0)) {
      throw kt::ValueError("MultiHeadAttention: dropout_p must be in [0, 1), got " +
                           std::to_string(p));
    }
    return d_model_ / num_heads_;
  }
};
