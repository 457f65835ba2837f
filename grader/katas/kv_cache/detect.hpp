// What the kv_cache kata's pitfall detectors share. Each detector lives in pitfalls/ID.cpp and
// registers the check "pitfall_ID"; kata.toml gives its points.
//
// Note [kv_cache detectors]
// - cache_not_appended, causal_top_left and rope_positions_restart are switches of one decode
//   (mistakes.hpp). A detector names its pitfall when the outputs equal the decode with its switch
//   on and the other two in some setting, and with its switch off in none (12 simulations: the
//   positions are right, q and k from 0, or q alone from 0, which is how a learner who projects
//   the whole prefix again restarts them, its keys rotated from the sequence's start rightly): a
//   double mistake is named twice, and a switch the case cannot show is not named. The switches
//   do hide each other: with a top-left mask a one-token call sees key 0 only, whatever the cache
//   holds and however it was rotated (a single visible key gets weight 1). Its cases have T 4-6, a
//   prefill of at least 2 and at least two calls: every switch changes a call that starts with a
//   non-empty cache, and a prefill of 2 tells them apart from look-alikes (no RoPE at all rotates
//   like positions restarting at a one-token prefill and one-token calls; a mask hiding each
//   token's own key attends like cache_not_appended there). cache_not_appended's cases also have
//   a second call longer than the prefill (T 5-6): beside a top-left mask, query i of a call sees
//   keys 0..i, all cached ones while i < L, so the old cache alone differs only on the queries
//   i >= L.
// - cache_concat_wrong_axis is seen in the op trace: a cat whose first input has the cache's shape
//   (B, H, L, d_head) and whose output grew along another axis than 2. Its cases are a prefill of n
//   then a chunk of n (with other lengths the wrong cat throws before the trace records it), and
//   num_heads != n (so no other layout of the cache has that shape).
// - cache_recomputed is seen in the op trace too: the rows fed to the four projections (Linear
//   calls, or matmuls by a d_model x d_model matrix) over a one-token-at-a-time decode. Each token
//   passes through each projection once: 4 B T rows. More is recomputation, even when every output
//   is right.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "grader/katas/kv_cache/cases.hpp"
#include "grader/katas/kv_cache/mistakes.hpp"

namespace grader::kata_kv_cache {

/// Cases per detector.
inline constexpr int kDetectorCases = 30;

/// A detector's failure for a decode that threw or returned another shape: "could not check for
/// ID: ..." (not_implemented when it threw kt::NotImplemented).
std::optional<Failure> cannot_check(const Case& c, const Decode& d, const std::string& id);

/// Whether the outputs need a switch: they equal the decode with some combination of the three
/// switches (Note [kv_cache detectors]) for which `wanted` is true, and with none for which it is
/// false. The first such combination, or nullopt.
std::optional<Mistakes> mistake_combination(const Case& c, const kt::Tensor& got,
                                            const std::function<bool(const Mistakes&)>& wanted);

/// The detector of one of the decode's switches: on `spec`'s cases, names `id` with
/// `message(the combination found)` when the outputs are wrong and need the switch `wanted` picks.
Outcome detect_switch(uint64_t seed, const char* id,
                      const std::function<bool(const Mistakes&)>& wanted,
                      const std::function<std::string(const Mistakes&)>& message,
                      const Spec& spec = detector_spec());
/// The same, with one message.
Outcome detect_switch(uint64_t seed, const char* id,
                      const std::function<bool(const Mistakes&)>& wanted,
                      const std::string& message, const Spec& spec = detector_spec());

/// A detector's finding: its pitfall id, the explanation, and where got differs most from the
/// reference.
Failure found_pitfall(const Case& c, const kt::Tensor& got, const char* id, std::string message);

}  // namespace grader::kata_kv_cache
