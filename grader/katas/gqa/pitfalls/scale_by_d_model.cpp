// The gqa kata's detector of scale_by_d_model (its logic is shared with mha and mha_function:
// grader/lib/mha/pitfalls/scale_by_d_model.cpp).
#include "grader/lib/mha/detectors.hpp"

namespace grader::mha {
namespace {

const Registrar registered_scale_by_d_model({"pitfall_scale_by_d_model",
                                             "scores are scaled by 1/sqrt(d_head)",
                                             check_scale_by_d_model});

}  // namespace
}  // namespace grader::mha
