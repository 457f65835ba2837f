// The gqa kata's detector of softmax_wrong_dim (its logic is shared with mha:
// grader/katas/mha_family/pitfalls/softmax_wrong_dim.cpp).
#include "grader/katas/mha_family/detectors.hpp"

namespace grader::mha {
namespace {

const FamilyPitfall registered_softmax_wrong_dim(softmax_wrong_dim_detector);

}  // namespace
}  // namespace grader::mha
