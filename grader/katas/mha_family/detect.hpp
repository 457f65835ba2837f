// What the MHA kata's pitfall detectors share. Each detector lives in pitfalls/ID.cpp and
// registers the check "pitfall_ID"; the build finds the file, the kata's kata.toml gives its
// points.
//
// Note [pitfall detectors]
// A detector names its pitfall only on a positive signature, and is built so that the other
// pitfalls cannot hide or fake that signature: its cases neutralise them (one head makes every
// head-splitting, merging and scaling mistake vanish; no mask makes the masking mistakes vanish;
// d_head = 1 makes the head order irrelevant; zero query weights make the scale, the softmax axis
// and the split of q and k irrelevant) or it compares the solution with itself (a metamorphic
// relation) instead of with the reference. A detector that finds no signature passes even if the
// output is wrong: the general checks report that. The usual signature is "the output equals what
// the mistake computes (mistakes.hpp), and not what the reference computes".
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "grader/katas/mha_family/cases.hpp"

namespace grader::mha {

/// Cases per detector (each runs the learner's forward a few times).
inline constexpr int kDetectorCases = 40;

/// A detector's failure for a forward that threw something other than its own signature, or
/// returned the wrong shape: "could not check for WHAT: ...".
Failure cannot_check(const Case& c, const Run& run, const std::string& what);

/// A detector's finding: its pitfall id, the explanation, and where the output differs most from
/// the reference.
Failure found_pitfall(const Case& c, const Run& run, const char* id, std::string message);

/// The case, and in a kata whose weights are matrices (x @ W: mha_function) the same case with
/// each non-empty subset of the four weights applied transposed (weight_transposed's mistake), so
/// that a detector names its pitfall beside that one too.
std::vector<Case> weight_orientations(const Case& c);

/// True when got equals the reference computed with `mistake` and not without it, under one of
/// the weight orientations: the usual signature (Note [pitfall detectors]).
bool computes_mistake(const Case& c, const kt::Tensor& got, const Mistakes& mistakes);

/// The same signature searched under every head split (and, in a grouped case, both orders of the
/// repeated kv heads; and the heads merged from memory or not; and every weight orientation), each
/// compared with the same without the mistake: so that a head-order, kv-order or merge mistake
/// beside it can neither hide it nor fake it. `mistake` holds only
/// the mistake's own fields; its split and kv order are ignored.
bool computes_mistake_under_any_split(const Case& c, const kt::Tensor& got, Mistakes mistake);

/// The signature of neg_inf_nan on a case with fully masked rows: the output is non-finite in
/// exactly the rows whose query may attend to nothing (or, normalised over the queries, in every
/// row of the batch entries with a key no query may attend to), and the same code is finite once
/// every query may see its own key again, with some key still masked (so the NaN comes from having
/// nothing to attend to, not from masking after the softmax, which any masked key blows up), and
/// finite where scores in the thousands make a softmax without its row maximum overflow (which
/// gives the same 0 / 0 on a row of finfo.min: solutions/mha/wrong/hand_softmax_without_max.cpp).
bool nan_only_where_nothing_to_attend(const Case& c, const Run& run);

/// Whether `divisor` of the scores differs on the case from every other one a learner divides by
/// (1, sqrt(d_head), d_head, sqrt(d_model), d_model, sqrt(num_heads), num_heads, a size from
/// another axis: the sequence length T, the batch B, and with grouped heads k_proj's width and
/// num_kv_heads, whole or square-rooted): where two coincide
/// (d_head = 2 with 4 heads: d_head = sqrt(num_heads); d_head = T), the output cannot tell which
/// of them the code used.
bool scale_stands_apart(const Case& c, double divisor);

/// A score-scale detector (scale_by_d_model, scale_by_d_head): cases with several heads and
/// d_head >= dk_min, the signature under any split, `message` for the case. It skips the cases
/// where the pitfall's divisor of the scores (divides_by) does not stand apart, and names the
/// pitfall only when it explains the case again with each size moved alone (Note [a scale
/// confirmed with one size moved]).
Outcome check_scale_pitfall(uint64_t seed, const char* id, const Mistakes& mistake, int64_t dk_min,
                            const std::function<double(const Case&)>& divides_by,
                            const std::function<std::string(const Case&)>& message);

}  // namespace grader::mha
