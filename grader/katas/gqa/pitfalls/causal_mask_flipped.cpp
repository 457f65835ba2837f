// The gqa kata's detector of causal_mask_flipped (its logic is shared with mha:
// grader/lib/mha/pitfalls/causal_mask_flipped.cpp).
#include "grader/lib/mha/detectors.hpp"

namespace grader::mha {
namespace {

const Registrar registered_causal_mask_flipped({"pitfall_causal_mask_flipped",
                                                "the causal mask hides exactly the future keys",
                                                check_causal_mask_flipped});

}  // namespace
}  // namespace grader::mha
