// The gqa kata's detector of causal_mask_flipped (its logic is shared with mha:
// grader/katas/mha_family/pitfalls/causal_mask_flipped.cpp).
#include "grader/katas/mha_family/detectors.hpp"

namespace grader::mha {
namespace {

const FamilyPitfall registered_causal_mask_flipped(causal_mask_flipped_detector);

}  // namespace
}  // namespace grader::mha
