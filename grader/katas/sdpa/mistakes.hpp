// What the sdpa kata's named mistakes compute, written with kt's ops the way a learner would make
// them, for the detectors to recognise (Note [sdpa detectors] in detect.hpp). Kept apart from the
// reference, which computes the right answer only; mistakes_test.cpp checks that with no mistake
// they compute the reference.
#pragma once

#include <cstdint>
#include <optional>

#include "grader/katas/sdpa/cases.hpp"

namespace grader::kata_sdpa {

/// What the scores are divided by.
enum class Scale {
  SqrtDk,       // correct: √d_k
  None,         // missing_scale
  Dk,           // scale_by_d_k
  SqrtDv,       // scale_by_d_v
  TimesSqrtDk,  // multiplied by √d_k instead of divided (catalogue only)
  SqrtTk,       // √T_k, the number of keys (catalogue only)
  Zero,         // the scores ignored: scores x 0, uniform weights over the allowed keys (catalogue)
};
/// The scales the detectors try (a scale mistake beside another one must not hide it).
inline constexpr Scale kScales[] = {Scale::SqrtDk, Scale::None, Scale::Dk, Scale::SqrtDv};

/// A set of mistakes (none by default). The first six are the pitfalls' (their detectors); the
/// rest are the mistake catalogue's (catalogue.hpp).
struct Mistakes {
  Scale scale = Scale::SqrtDk;
  bool mask_after_softmax = false;  // softmax over every key, then the masked weights set to 0
  bool mask_inverted = false;       // attn_mask's true read as "masked"
  bool causal_top_left = false;     // tril(ones(T_q, T_k)): query i may attend keys j <= i
  int64_t softmax_axis = -1;        // the axis of the scores the softmax normalises
  bool neg_inf_fill = false;        // masked scores filled with -inf, not finfo.min (neg_inf_nan)
  bool causal_upper = false;        // triu instead of tril: a query sees the future, not the past
  bool causal_hides_diagonal = false;     // the tril one lower: a query cannot see its own key
  bool causal_sees_next_key = false;      // the tril one higher: a query also sees the next key
  bool causal_ignored = false;            // is_causal never applied
  bool causal_ignored_with_mask = false;  // is_causal applied only when there is no attn_mask
  bool mask_ignored = false;              // attn_mask never applied
  bool mask_ignored_with_causal = false;  // attn_mask applied only when is_causal is false
  bool masks_or = false;          // with both, a key allowed by attn_mask OR the causal triangle
  bool mask_transposed = false;   // attn_mask.transpose(-2, -1): runs where it broadcasts only
  bool mask_multiplies = false;   // the scores multiplied by the mask (masked: 0), not filled
  bool mask_added = false;        // attn_mask added to the scores as 1 and 0, nothing filled
  bool values_scaled = false;     // the values divided by √d_k too
  bool values_from_keys = false;  // the weights multiply k instead of v
  bool returns_weights = false;   // the weights returned, without the matmul with v
  // attn_mask and the causal triangle each added as a bias of finfo.min: -inf where both hide a
  // key (NaN for a query with no key left), the weights spread over the keys one of them allows
  // where the two leave none. Right wherever every query keeps a key: only fully_masked_rows
  // tells it apart, so no catalogue entry (its discriminating cases leave every query a key).
  bool biases_summed = false;
  bool softmax_without_max = false;  // exp(s) / sum(exp(s)) by hand, no maximum subtracted: a row
                                     // of finfo.min is 0 / 0, large scores overflow to inf / inf
};

/// Both sets of mistakes at once, or nullopt where they set one step two ways (two scales, two
/// softmax axes): a double the catalogue can claim (Diagnosis::computes_pair).
std::optional<Mistakes> together(const Mistakes& a, const Mistakes& b);

/// The case's attention with the given mistakes, in Float64; masked scores are filled with
/// finfo.min (a query with no key gets the mean of the values), or -inf with neg_inf_fill (NaN
/// where the softmax sees masked scores only). Undefined when the mistakes
/// cannot run on the case's shapes; of another shape than the output's when the mistake makes one
/// (values_from_keys with d_k != d_v, returns_weights).
kt::Tensor sdpa_with_mistakes(const Case& c, const Mistakes& mistakes);

}  // namespace grader::kata_sdpa
