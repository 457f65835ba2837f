// The pitfall detectors of multi-head attention shared by the katas that grade it (mha,
// mha_function, gqa), one file each in pitfalls/, with its title. Each kata registers the ones its
// kata.toml lists, in a one-line grader/katas/KATA/pitfalls/ID.cpp (a FamilyPitfall). See Note
// [pitfall detectors] in detect.hpp.
#pragma once

#include <cstdint>

#include "grader/katas/mha_family/detect.hpp"

namespace grader::mha {

/// A family detector: its pitfall's id, its check's title (a sentence), the check.
struct FamilyDetector {
  const char* id;
  const char* title;
  Outcome (*run)(uint64_t seed);
};

/// Registers a family detector as the check "pitfall_ID" of the kata it is linked into.
struct FamilyPitfall {
  explicit FamilyPitfall(const FamilyDetector& detector);
};

Outcome check_causal_mask_flipped(uint64_t seed);
Outcome check_mask_after_softmax(uint64_t seed);
Outcome check_merge_without_transpose(uint64_t seed);
Outcome check_missing_contiguous(uint64_t seed);
Outcome check_neg_inf_nan(uint64_t seed);
Outcome check_scale_by_d_head(uint64_t seed);
Outcome check_scale_by_d_model(uint64_t seed);
Outcome check_softmax_wrong_dim(uint64_t seed);
Outcome check_wrong_head_order(uint64_t seed);

extern const FamilyDetector causal_mask_flipped_detector;
extern const FamilyDetector mask_after_softmax_detector;
extern const FamilyDetector merge_without_transpose_detector;
extern const FamilyDetector missing_contiguous_detector;
extern const FamilyDetector neg_inf_nan_detector;
extern const FamilyDetector scale_by_d_head_detector;
extern const FamilyDetector scale_by_d_model_detector;
extern const FamilyDetector softmax_wrong_dim_detector;
extern const FamilyDetector wrong_head_order_detector;

}  // namespace grader::mha
