// The multi-head attention the grader trusts. Written without kt's view machinery: plain index
// arithmetic over Eigen maps of contiguous Float64 data, so the runtime and the reference check
// each other. Agrees with torch.nn.MultiheadAttention (tests/mha_reference_test.cpp).
//
// It can also compute, on request, what a solution with one of the known mistakes computes: the
// grader compares a learner's output against those to name the mistake (see Variant).
#pragma once

#include <cstdint>

#include "kt/tensor.hpp"

namespace ref {

/// The four projections; a bias is an undefined tensor when the layer has none.
struct MhaWeights {
  kt::Tensor wq, wk, wv, wo;  // (d_model, d_model), y = x Wᵀ + b
  kt::Tensor bq, bk, bv, bo;  // (d_model) or undefined
};

/// What a query row with no key it may attend to gets. Uniform is what filling masked scores with
/// finfo(dtype).min gives (the weights are 1/T each, so the output is the mean of the values);
/// Zeros is PyTorch >= 2.5's "safe softmax"; AllKeys is what adding a large finite negative
/// constant gives (every score shifts equally, so the row attends as if unmasked).
enum class MaskedRows { Uniform, Zeros, AllKeys };

/// How heads are split off the d_model features and merged back.
enum class HeadSplit {
  Contiguous,   // correct: head h owns features [h*d_head, (h+1)*d_head)
  Strided,      // view(B, T, d_head, H): head h owns features h, h+H, h+2H, ...
  NoTranspose,  // view(B, H, T, d_head) of the (B, T, d_model) memory, no transpose
};

/// A computation: the correct one by default, or one with deliberate mistakes.
struct Variant {
  MaskedRows masked_rows = MaskedRows::Uniform;
  HeadSplit split = HeadSplit::Contiguous;
  bool scale_by_d_model = false;      // divide scores by sqrt(d_model) instead of sqrt(d_head)
  bool mask_after_softmax = false;    // softmax over every key, then zero the masked weights
  bool merge_memory_order = false;    // merge by reading the (B, H, T, d_head) memory as (B, T, D)
  bool softmax_over_queries = false;  // normalise each key's column instead of each query's row
};

/// x: (B, T, d_model), any floating dtype (computed in Float64). mask: undefined, or Bool with
/// true = may attend, broadcastable to (B, num_heads, T, T). Returns (B, T, d_model) Float64.
kt::Tensor mha_forward(const kt::Tensor& x, const MhaWeights& w, int64_t num_heads, bool causal,
                       const kt::Tensor& mask = kt::Tensor(), const Variant& variant = {});

/// What forgetting transpose(1, 2) computes: q, k, v viewed as (B, T, H, d_head), so the batched
/// matmul attends across the H heads of each token instead of across tokens (no mask).
kt::Tensor attention_across_heads(const kt::Tensor& x, const MhaWeights& w, int64_t num_heads,
                                  bool scale_by_d_model = false);

/// (B, T) Bool: true where query t of batch b has, in some head, no key it may attend to.
kt::Tensor fully_masked_queries(int64_t B, int64_t T, int64_t num_heads, bool causal,
                                const kt::Tensor& mask);

}  // namespace ref
