// What the decoder_block kata's named mistakes compute, for the detectors to recognise. Kept apart
// from the reference, which computes the right answer only. Float64.
#pragma once

#include "grader/katas/decoder_block/cases.hpp"

namespace grader::kata_decoder_block {

/// How a learner's code may compute the block: where the norms go, what each residual adds to,
/// what the MLP reads, and the MLP's activation. LLaMA's block is the default.
struct Steps {
  enum class Activation {
    Gate,  // silu(w_gate(x)) * w_up(x): right
    Up,    // silu(w_up(x)) * w_gate(x): silu_on_up_branch
    None,  // w_gate(x) * w_up(x): missing_activation
  };
  bool post_norm = false;         // post_norm: rms_norm(x + attention(x)), rms_norm(h + mlp(h))
  bool attn_from_normed = false;  // residual_from_normed: h = xn + attention(xn)
  bool mlp_from_normed = false;   // residual_from_normed: out = hn + mlp(hn)
  bool mlp_reads_x = false;       // mlp_reads_block_input: out = h + mlp(rms_norm(x, mlp_norm))
  bool mlp_reads_xn = false;      // mlp_reads_block_input, one norm shared: out = h + mlp(xn)
  Activation activation = Activation::Gate;
};

/// The MLP with the steps' activation.
kt::Tensor mlp_with_steps(const kt::Tensor& x, const ref::DecoderWeights& w, const Steps& steps);
/// The block (forward) with the steps.
kt::Tensor block_with_steps(const Case& c, const Steps& steps);
/// What the call (forward or mlp) computes with the steps.
kt::Tensor call_with_steps(const Case& c, const Steps& steps);

/// The pitfalls a computation makes.
struct Made {
  bool post_norm = false, residual_from_normed = false, mlp_reads_block_input = false,
       silu_on_up_branch = false, missing_activation = false;
};
Made pitfalls_made(const Steps& steps);

/// The given parts, as the header computes them (kt ops, Float64).
kt::Tensor given_attention(const kt::Tensor& x, const ref::DecoderWeights& w);
kt::Tensor given_rms_norm(const kt::Tensor& x, const kt::Tensor& weight);

}  // namespace grader::kata_decoder_block
