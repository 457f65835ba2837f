// The gqa kata's detector of scale_by_d_model (its logic is shared with mha and mha_function:
// grader/katas/mha_family/pitfalls/scale_by_d_model.cpp).
#include "grader/katas/mha_family/detectors.hpp"

namespace grader::mha {
namespace {

const FamilyPitfall registered_scale_by_d_model(scale_by_d_model_detector);

}  // namespace
}  // namespace grader::mha
