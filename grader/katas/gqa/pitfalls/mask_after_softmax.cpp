// The gqa kata's detector of mask_after_softmax (its logic is shared with mha:
// grader/katas/mha_family/pitfalls/mask_after_softmax.cpp).
#include "grader/katas/mha_family/detectors.hpp"

namespace grader::mha {
namespace {

const FamilyPitfall registered_mask_after_softmax(mask_after_softmax_detector);

}  // namespace
}  // namespace grader::mha
