// The gqa kata's detector of wrong_head_order (its logic is shared with mha and mha_function:
// grader/katas/mha_family/pitfalls/wrong_head_order.cpp).
#include "grader/katas/mha_family/detectors.hpp"

namespace grader::mha {
namespace {

const FamilyPitfall registered_wrong_head_order(wrong_head_order_detector);

}  // namespace
}  // namespace grader::mha
