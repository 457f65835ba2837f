// The mha kata's detector of scale_by_d_head (its logic is shared with mha_function and gqa:
// grader/katas/mha_family/pitfalls/scale_by_d_head.cpp).
#include "grader/katas/mha_family/detectors.hpp"

namespace grader::mha {
namespace {

const FamilyPitfall registered_scale_by_d_head(scale_by_d_head_detector);

}  // namespace
}  // namespace grader::mha
