// What the sdpa kata's pitfall detectors share. Each detector lives in pitfalls/ID.cpp and
// registers the check "pitfall_ID"; kata.toml gives its points.
//
// Note [sdpa detectors]
// A detector names its pitfall only on a positive signature, on cases where the other pitfalls
// cannot hide or fake it:
// - Every signature is "the output equals attention with the mistake, and not attention without
//   it", where everything else is held the same: a mistake that cannot show on a case (a mask
//   that hides nothing, a scale under a softmax along an axis of size 1) is never named on it.
// - The scale pitfalls (missing_scale, scale_by_d_k, scale_by_d_v) use no mask and no causality
//   (every masking mistake vanishes), d_k >= 2, d_v >= 2, d_v != d_k and d_v != d_k² (so the four
//   scales √d_k, 1, d_k and √d_v all differ). Signature: the output equals attention with that
//   scale and not with √d_k, the softmax along the keys or along another axis in both (so a wrong
//   softmax axis beside it does not hide the scale), confirmed on a longer and on a wider case
//   (so a scale that is something else, such as √T_k, and equals this one by coincidence is not
//   named).
// - softmax_wrong_dim uses the same cases with at least one leading axis (a solution that
// hard-codes
//   dim 2 for 3-D inputs is then checked on 3-D and 4-D ones): the output equals attention
//   normalised along an axis other than the keys' and not along the keys, at any of the four
//   scales.
// - The masking pitfalls (mask_after_softmax, mask_polarity_inverted, causal_top_left) use cases
//   where no query is left without a key (so -inf cannot turn anything into NaN), and
//   causal_top_left uses T_q < T_k with no mask (where top-left and bottom-right alignment differ
//   and no row is empty either way). Signature: the output equals attention with that mistake and
//   not without it, at any of the four scales, with the softmax along any axis of size >= 2 (the
//   keys' or another), and with any of the other masking mistakes that can show on the case on or
//   off in both (so a scale, axis or masking mistake beside it does not hide it; along an axis of
//   size 1 every weight is 1 and a mask after the softmax would fake a mask before it).
//   mask_polarity_inverted is confirmed on the same case with the mask inverted: one case alone
//   is faked by code that drops keys for another reason (the last key left out reads a "01" row
//   inverted), which drops the same keys again where an inverted reading turns around.
//   A mask after the softmax is never claimed from a case where it leaves a query with no key (an
//   inverted mask that hides every key of a row): the output there is 0, as for any code whose
//   output is 0 (values centred over a single key). mask_after_softmax also recognises the form
//   that fills the masked weights with -inf or
//   finfo.min after the softmax: exactly the rows that have a masked key blow up, and the same call
//   with nothing masked is right.
// - neg_inf_nan uses cases with a query that has no key (a mask row entirely false, or is_causal
//   with T_q > T_k). Signature: non-finite values in exactly such rows (never in another), and the
//   same code is finite once every query has a key again. Or, with the softmax along another axis
//   beside it (softmax_wrong_dim), where a lane of that axis has every score masked: the output is
//   attention along that axis with -inf fills, NaN where it is NaN, at one of the four scales, and
//   the same code is finite on a mask that hides one key per row and leaves no lane of any axis
//   entirely masked (a mask filled into the weights after the softmax still blows up there).
// A detector that finds no signature passes even if the output is wrong: the general checks report
// that.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "grader/katas/sdpa/cases.hpp"
#include "grader/katas/sdpa/mistakes.hpp"

namespace grader::kata_sdpa {

/// Cases per detector.
inline constexpr int kDetectorCases = 40;

/// The scale detectors' and softmax_wrong_dim's cases: no mask, not causal, T_q and T_k in 2-5,
/// d_k and d_v in 2-6 with four different scales.
Spec unmasked_distinct_scales();
/// The masking detectors' cases: `masking` (Mask or Causal), no query left without a key.
Spec masked_no_empty_rows(Masking masking);
/// A detector's failure for a call that threw or returned another shape: "could not check for
/// ID: ..." (not_implemented when it threw kt::NotImplemented: the stub reads as not started).
std::optional<Failure> cannot_check(const Case& c, const Run& run, const std::string& id);

/// got equals what the case computes with `mistakes` (and is defined).
bool computes(const Case& c, const kt::Tensor& got, const Mistakes& mistakes);
/// got equals attention at `scale` and not at √d_k, with the softmax along the keys or along one
/// other axis (the same in both).
bool shows_scale(const Case& c, const kt::Tensor& got, Scale scale);
/// The property of the three scale detectors: on unmasked_distinct_scales() cases, names `id`
/// with message(case) when the output shows `scale` (shows_scale), and still does on two larger
/// cases (more queries and keys; wider q, k and v), so that a scale only coinciding with it on one
/// case (√T_k = √d_v when T_k = d_v) is not named.
Outcome check_scale_pitfall(uint64_t seed, Scale scale, const char* id,
                            const std::function<std::string(const Case&)>& message);
/// The first axis of the scores other than the keys' along which got equals attention, and not
/// along the keys, at one of the four scales (the same in both).
std::optional<int64_t> shows_softmax_axis(const Case& c, const kt::Tensor& got);
/// got equals attention with `mistake` (a masking pitfall's) and not without it, everything else
/// held the same: at one of the four scales, with the softmax along any axis, and with any of the
/// other masking pitfalls (mask_after_softmax, mask_inverted, causal_top_left) that can show on the
/// case beside it (the mistake's own scale and axis are ignored).
bool shows_mistake(const Case& c, const kt::Tensor& got, Mistakes mistake);

/// A detector's finding: its pitfall id, the explanation, and the query row where got differs
/// most from the reference.
Failure found_pitfall(const Case& c, const kt::Tensor& got, const char* id, std::string message);

}  // namespace grader::kata_sdpa
