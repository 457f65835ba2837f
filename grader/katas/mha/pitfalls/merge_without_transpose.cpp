// The mha kata's detector of merge_without_transpose (its logic is shared with mha_function:
// grader/katas/mha_family/pitfalls/merge_without_transpose.cpp).
#include "grader/katas/mha_family/detectors.hpp"

namespace grader::mha {
namespace {

const FamilyPitfall registered_merge_without_transpose(merge_without_transpose_detector);

}  // namespace
}  // namespace grader::mha
