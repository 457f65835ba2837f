// The gqa kata's detector of wrong_head_order (its logic is shared with mha and mha_function:
// grader/lib/mha/pitfalls/wrong_head_order.cpp).
#include "grader/lib/mha/detectors.hpp"

namespace grader::mha {
namespace {

const Registrar registered_wrong_head_order({"pitfall_wrong_head_order",
                                             "heads own contiguous feature slices",
                                             check_wrong_head_order});

}  // namespace
}  // namespace grader::mha
