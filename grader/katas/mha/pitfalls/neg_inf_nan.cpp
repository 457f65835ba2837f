// The mha kata's detector of neg_inf_nan (its logic is shared with mha_function:
// grader/katas/mha_family/pitfalls/neg_inf_nan.cpp).
#include "grader/katas/mha_family/detectors.hpp"

namespace grader::mha {
namespace {

const FamilyPitfall registered_neg_inf_nan(neg_inf_nan_detector);

}  // namespace
}  // namespace grader::mha
