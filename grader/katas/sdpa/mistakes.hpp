// What the sdpa kata's named mistakes compute, written with kt's ops the way a learner would make
// them, for the detectors to recognise (Note [sdpa detectors] in detect.hpp). Kept apart from the
// reference, which computes the right answer only; mistakes_test.cpp checks that with no mistake
// they compute the reference.
#pragma once

#include <cstdint>

#include "grader/katas/sdpa/cases.hpp"

namespace grader::kata_sdpa {

/// What the scores are divided by.
enum class Scale {
  SqrtDk,  // correct: √d_k
  None,    // missing_scale
  Dk,      // scale_by_d_k
  SqrtDv,  // scale_by_d_v
};
inline constexpr Scale kScales[] = {Scale::SqrtDk, Scale::None, Scale::Dk, Scale::SqrtDv};

/// A set of mistakes (none by default).
struct Mistakes {
  Scale scale = Scale::SqrtDk;
  bool mask_after_softmax = false;  // softmax over every key, then the masked weights set to 0
  bool mask_inverted = false;       // attn_mask's true read as "masked"
  bool causal_top_left = false;     // tril(ones(T_q, T_k)): query i may attend keys j <= i
  int64_t softmax_axis = -1;        // the axis of the scores the softmax normalises
};

/// The case's attention with the given mistakes, in Float64; masked scores are filled with
/// finfo.min (a query with no key gets the mean of the values). Undefined when the mistakes
/// cannot run on the case's shapes.
kt::Tensor sdpa_with_mistakes(const Case& c, const Mistakes& mistakes);

}  // namespace grader::kata_sdpa
