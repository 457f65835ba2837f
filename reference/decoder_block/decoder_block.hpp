// The decoder_block kata's reference, which the grader trusts: plain loops over contiguous values
// in double, none of kt's view machinery (nor the given attention's), so the runtime and the
// reference check each other.
#pragma once

#include <cstdint>

#include "kt/tensor.hpp"

namespace ref {

/// A pre-norm (LLaMA) decoder block's weights: Linear weights as (out, in), no biases.
struct DecoderWeights {
  int64_t num_heads = 1;
  kt::Tensor wq, wk, wv, wo;       // (d_model, d_model)
  kt::Tensor w_gate, w_up;         // (d_ff, d_model)
  kt::Tensor w_down;               // (d_model, d_ff)
  kt::Tensor attn_norm, mlp_norm;  // (d_model)
};

/// w_down(silu(w_gate(x)) * w_up(x)) for x (..., d_model), Float64.
kt::Tensor swiglu(const kt::Tensor& x, const DecoderWeights& w);

/// h = x + attention(rms_norm(x, attn_norm)); out = h + swiglu(rms_norm(h, mlp_norm)), with causal
/// multi-head attention (scores / sqrt(d_head), position i attending to j <= i) and RMSNorm of eps
/// 1e-6. x (B, T, d_model); Float64.
kt::Tensor decoder_block(const kt::Tensor& x, const DecoderWeights& w);

}  // namespace ref
