// What the flash_attention kata's pitfall detectors share. Each detector lives in pitfalls/ID.cpp
// and registers the check "pitfall_ID"; kata.toml gives its points.
//
// Note [flash_attention detectors]
// A query's output depends only on how the keys are cut into blocks, not on how the queries are
// (one query at a time, blocks of queries, or all queries against each key block): so what a
// mistake computes can be simulated per query (mistakes.hpp), whatever tiling the learner chose.
// The detectors draw cases with at least two key blocks of at least two keys (2 <= block_size <=
// T / 2), where a running maximum can grow and a causal diagonal block has keys after some of its
// queries. (With one key per block, a block's own maximum is its only score: exponentiating each
// block against it and averaging per-block softmaxes both give the mean of v.)
// - no_rescale, final_normalization_missing: without is_causal (no mask mistake can show). The
//   output equals a simulation with the mistake (any combination of the rescaling variants and a
//   missing normalisation) and not the same simulation without it: "the combination needs the
//   switch", so a double mistake names both and neither hides the other. (Without the final
//   division the running sum is never used, so a sum left unrescaled cannot show, and is not
//   named: tests/mistakes_test.cpp pins which combinations coincide.)
// - causal_block_leak: with is_causal, the same rule over every combination (a query sees every
//   key of its own block), on blocks of 3 keys or more (in a block of 2 that is the next key only,
//   as a causal mask off by one shows it); rows with NaN are left out of the comparison, so a file
//   that also has running_max_nan is still named on its finite rows.
// - running_max_nan: with is_causal, NaN only on queries that meet a block of keys all in their
//   future (every query before the last block's first key), the finite rows attention's (or a
//   combination's above), and no NaN at all on the same inputs without is_causal: the signature
//   of exp(-inf - (-inf)) on a fully masked block.
// - materializes_scores: from the runtime, not the output: on T = 256, block_size 16, with and
//   without is_causal, an op whose result has T x T elements or more, T x T x 8 bytes of tensors
//   alive at once, or a heap block of T x T bytes or more (Note [heap watch] in
//   call_heap_watch.hpp).
#pragma once

#include <optional>
#include <string>

#include "grader/katas/flash_attention/cases.hpp"
#include "grader/katas/flash_attention/mistakes.hpp"

namespace grader::kata_flash_attention {

inline constexpr int kDetectorCases = 30;

/// The detectors' case: T from max(4, 2 block_min) to 12, d and d_v 1-4, 0-1 leading axes,
/// block_min <= block_size <= T / 2.
Case detector_case(bool causal, int64_t block_min = 2);

/// A detector's failure for a call that threw or returned another shape (shown as skipped).
std::optional<Failure> cannot_check(const Case& c, const Run& run, const std::string& id);

/// got equals what the mistakes compute, rows holding a NaN in got left out (at least one row
/// compared).
bool same_as(const Case& c, const kt::Tensor& got, const Mistakes& mistakes);

/// The first combination with the switch on (on(m)) that got equals while the same combination
/// with it off (off(m)) it does not; none when there is none.
std::optional<Mistakes> needs_switch(const Case& c, const kt::Tensor& got,
                                     bool (*on)(const Mistakes&), Mistakes (*off)(Mistakes));

/// A detector's finding: got beside the reference, named.
Failure found_pitfall(const Case& c, const kt::Tensor& got, const char* id, std::string message);

}  // namespace grader::kata_flash_attention
