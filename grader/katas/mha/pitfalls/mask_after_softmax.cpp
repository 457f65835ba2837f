// The mha kata's detector of mask_after_softmax (its logic is shared with gqa:
// grader/lib/mha/pitfalls/mask_after_softmax.cpp).
#include "grader/lib/mha/detectors.hpp"

namespace grader::mha {
namespace {

const Registrar registered_mask_after_softmax({"pitfall_mask_after_softmax",
                                               "the mask is applied before the softmax",
                                               check_mask_after_softmax});

}  // namespace
}  // namespace grader::mha
