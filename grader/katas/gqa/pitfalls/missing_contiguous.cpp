// The gqa kata's detector of missing_contiguous (its logic is shared with mha and mha_function:
// grader/katas/mha_family/pitfalls/missing_contiguous.cpp).
#include "grader/katas/mha_family/detectors.hpp"

namespace grader::mha {
namespace {

const FamilyPitfall registered_missing_contiguous(missing_contiguous_detector);

}  // namespace
}  // namespace grader::mha
