// What the kv_cache kata's mistakes compute, for the detectors to name a failure (never to decide
// one: that is the reference's job). With no mistake, the simulation is the reference
// (tests/mistakes_test.cpp).
#pragma once

#include <optional>

#include "grader/katas/kv_cache/cases.hpp"

namespace grader::kata_kv_cache {

struct Mistakes {
  bool not_appended = false;  // a call's queries attend to the cached keys only (not their own)
  bool top_left = false;      // query i of a call sees keys 0..i of the cache + new tokens
  bool positions_restart = false;  // a call's q and k rotated from position 0, not cache.length()
  bool queries_restart = false;    // a call's q rotated from position 0, its k right (a learner
                                   // who projects and rotates the whole prefix again each call)
  // Mistakes the catalogue knows, no pitfall names:
  int mask_shift = 0;  // key j allowed for new token i when j <= L + i + mask_shift (+1: one
                       // future token; -1: not itself, a row of nothing gets uniform weights)
  bool no_mask = false;
  bool no_rope = false;
  bool rope_on_values = false;
  bool scale_by_d_model = false;
  bool softmax_over_queries = false;  // the softmax over a call's queries (axis -2), not its keys
  bool no_out_proj = false;           // the heads merged and returned, out_proj left out
  bool own_chunk_only = false;    // a call attends to its own chunk's keys only (causally), not to
                                  // the cache (which is still appended to)
  bool keys_rerotated = false;    // each call rotates the whole cache (its already-rotated keys and
                                  // the new raw ones) from position 0, and caches that
  bool q_after_append = false;    // q rotated from the cache's length after the append (L + T_new)
  bool keys_unrotated = false;    // RoPE on the queries only: the keys cached and attended raw
  bool keys_restart = false;      // a call's k rotated from position 0, its q right
  bool rope_along_heads = false;  // q and k rotated while still (B, T, H, d_head), by a RoPE that
                                  // reads axis -2 as time: head h at position L + h, every token
  bool frequencies_over_d_model = false;     // RoPE's inv_freq = 10000^(-2i/d_model), not /d_head
  bool frequencies_exponent_halved = false;  // inv_freq = 10000^(-i/d_head): the 2 left out
  bool merged_without_transpose = false;     // heads (B, H, T_new, d_head) viewed as (B, T_new, D)
};

/// Both sets of mistakes at once, or nullopt where they set one step two ways (two mask shifts,
/// one mistake twice): a double the catalogue can claim (Diagnosis::computes_pair).
std::optional<Mistakes> together(const Mistakes& a, const Mistakes& b);

/// The case's whole x projected by w (and b, when defined) and split into (B, H, T, d_head) heads,
/// contiguous: the keys or values before RoPE.
kt::Tensor project_heads(const Case& c, const kt::Tensor& w, const kt::Tensor& b);

/// The outputs (B, T, d_model) of feeding the case's chunks one call at a time, with the mistakes
/// in m, Float64. (A call's queries with an empty cache and not_appended attend to their own keys
/// causally: the only way such code can run at all.)
kt::Tensor decode_with_mistakes(const Case& c, const Mistakes& m);

}  // namespace grader::kata_kv_cache
