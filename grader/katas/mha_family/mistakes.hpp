// What the MHA kata's known mistakes compute, written with kt's ops the way a learner would make
// them. Detectors name a pitfall when a learner's output equals one of these and not the reference
// (Note [pitfall detectors] in detect.hpp).
//
// Kept apart from the trusted reference (reference/mha/) on purpose: the reference decides pass or
// fail and is written without kt's view machinery; these decide only which name a failure gets.
// mistakes_test.cpp checks that with no mistake they compute the reference.
#pragma once

#include <cstdint>
#include <optional>

#include "kt/tensor.hpp"
#include "reference/mha/mha.hpp"

namespace grader::mha {

/// How heads are split off the d_model features (and merged back the same way).
enum class HeadSplit {
  Contiguous,   // correct: head h owns features [h*d_head, (h+1)*d_head)
  Strided,      // view(B, T, d_head, H): head h owns features h, h+H, h+2H, ...
  NoTranspose,  // view(B, H, T, d_head) of the (B, T, d_model) memory, no transpose
};

/// Which projection's weights (and bias) a step uses; None: the input x itself, no projection.
enum class Proj { Q, K, V, None };

/// What a case's attn_mask becomes in the scores (catalogue mistakes, catalogue.cpp).
enum class MaskUse {
  Applied,           // correct: may attend where true
  Ignored,           // attn_mask not applied at all
  Inverted,          // applied with its polarity flipped (true read as "masked out")
  Transposed,        // applied to (key, query) instead of (query, key)
  FirstEntryForAll,  // batch entry 0's mask applied to every batch entry
  FilledWithZero,    // masked scores set to 0 instead of a large negative number
  FilledWithMax,     // masked scores set to +finfo.max: all the weight on the masked keys
  AddedAsNumbers,    // the Bool mask added to the scores as 1 (allowed) and 0 (masked)
  OwnKeyAlways,      // attn_mask | eye: each query may always attend its own key
};

/// What causal = true allows (true = may attend); the catalogue's causal mistakes.
enum class CausalMask {
  Tril,          // correct: keys 0..i
  Ignored,       // the flag not applied
  Always,        // the tril applied whatever the flag, with a mask too
  Triu,          // keys i..T-1
  StrictFuture,  // triu(1): keys after i only
  StrictPast,    // tril(-1): keys before i only, not i itself
  OneAhead,      // tril(1): keys 0..i+1
};

/// A set of mistakes (none by default).
struct Mistakes {
  HeadSplit split = HeadSplit::Contiguous;
  bool scale_by_d_model = false;      // divide scores by sqrt(d_model) instead of sqrt(d_head)
  bool scale_by_d_head = false;       // divide scores by d_head instead of sqrt(d_head)
  bool mask_after_softmax = false;    // softmax over every key, then zero the masked weights
  bool merge_memory_order = false;    // merge by reading the (B, H, T, d_head) memory as (B, T, D)
  bool merge_transposed = false;      // merge correctly (transpose(1, 2), then view) whatever the
                                      // split: the heads split one way and merged another
  bool softmax_over_queries = false;  // normalise each key's column instead of each query's row
  bool kv_tiled = false;  // GQA: query head h reads kv head h mod num_kv_heads (repeat, not
                          // repeat_interleave)
  // The catalogue's other mistakes (catalogue.cpp): diagnosed when they match, not detected.
  Proj q_from = Proj::Q, k_from = Proj::K, v_from = Proj::V;  // which projection makes q, k, v
  bool kv_features_repeated = false;  // GQA: k_proj(x) and v_proj(x) repeat_interleave'd along
                                      // the features before the split, not the heads after it
  bool out_proj_missing = false;      // the merged heads returned without out_proj
  Proj bias_missing = Proj::None;  // that projection's bias left out (Q, K, V; None: none left out)
  bool out_bias_missing = false;   // out_proj's bias left out
  bool scale_missing = false;      // scores not scaled
  bool scale_multiplied = false;   // scores multiplied by sqrt(d_head) instead of divided
  bool scale_by_sqrt_heads = false;  // scores divided by sqrt(num_heads)
  MaskUse mask_use = MaskUse::Applied;
  CausalMask causal_mask = CausalMask::Tril;
  int64_t softmax_dim = -1;          // the axis of the (B, H, T, T) weights the softmax normalises
  bool softmax_without_max = false;  // exp(s) / sum(exp(s)) by hand, no maximum subtracted: a row
                                     // of finfo.min is 0 / 0, large scores overflow to inf / inf
  bool weights_transposed = false;   // the values mixed by the weights' transpose: weightsᵀ @ v
  bool residual_added = false;       // x added to the output (a transformer block's residual)
  bool batch_mixed = false;          // without attn_mask, every sequence of the batch attends to
                                     // every other's tokens (batch and time flattened together)
};

/// y = x Wᵀ + b (b may be undefined), as nn.Linear.
kt::Tensor linear(const kt::Tensor& x, const kt::Tensor& w, const kt::Tensor& b);

/// MHA forward with the given mistakes. x (B, T, d_model); mask undefined or Bool (true = may
/// attend) broadcastable to (B, H, T, T). A query with nothing to attend to gets uniform weights.
/// Grouped-query attention when w.wk has fewer rows than d_model (num_kv_heads * d_head): query
/// head h reads kv head h / (num_heads / num_kv_heads), or h mod num_kv_heads with kv_tiled.
kt::Tensor mha_with_mistakes(const kt::Tensor& x, const ref::MhaWeights& w, int64_t num_heads,
                             bool causal, const kt::Tensor& mask, const Mistakes& mistakes);

/// Both sets of mistakes at once, or nullopt where they set one step two ways (two scales, two
/// sources for one projection, one mistake twice): a double the catalogue can claim
/// (Diagnosis::computes_pair).
std::optional<Mistakes> together(const Mistakes& a, const Mistakes& b);

/// What forgetting transpose(1, 2) computes: q, k, v viewed as (B, T, H, d_head) (GQA: k and v's
/// kv heads repeated in place along that axis), so the batched matmul attends across the H heads
/// of each token instead of across tokens (no mask).
kt::Tensor attention_across_heads(const kt::Tensor& x, const ref::MhaWeights& w, int64_t num_heads,
                                  bool scale_by_d_model = false);

}  // namespace grader::mha
