// The pitfall detectors of multi-head attention shared by the katas that grade it (mha,
// mha_function, gqa), one file each in pitfalls/. Each kata registers the ones its kata.toml lists,
// in a one-line grader/katas/KATA/pitfalls/ID.cpp. See Note [pitfall detectors] in detect.hpp.
#pragma once

#include <cstdint>

#include "grader/lib/mha/detect.hpp"

namespace grader::mha {

Outcome check_causal_mask_flipped(uint64_t seed);
Outcome check_mask_after_softmax(uint64_t seed);
Outcome check_merge_without_transpose(uint64_t seed);
Outcome check_missing_contiguous(uint64_t seed);
Outcome check_neg_inf_nan(uint64_t seed);
Outcome check_scale_by_d_head(uint64_t seed);
Outcome check_scale_by_d_model(uint64_t seed);
Outcome check_softmax_wrong_dim(uint64_t seed);
Outcome check_wrong_head_order(uint64_t seed);

}  // namespace grader::mha
