// The gqa kata's detector of scale_by_d_head (its logic is shared with mha and mha_function:
// grader/lib/mha/pitfalls/scale_by_d_head.cpp).
#include "grader/lib/mha/detectors.hpp"

namespace grader::mha {
namespace {

const Registrar registered_scale_by_d_head({"pitfall_scale_by_d_head",
                                            "scores are divided by sqrt(d_head), not d_head",
                                            check_scale_by_d_head});

}  // namespace
}  // namespace grader::mha
