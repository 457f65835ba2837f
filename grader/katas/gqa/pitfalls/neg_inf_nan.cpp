// The gqa kata's detector of neg_inf_nan (its logic is shared with mha and mha_function:
// grader/lib/mha/pitfalls/neg_inf_nan.cpp).
#include "grader/lib/mha/detectors.hpp"

namespace grader::mha {
namespace {

const Registrar registered_neg_inf_nan({"pitfall_neg_inf_nan", "a fully masked row is not NaN",
                                        check_neg_inf_nan});

}  // namespace
}  // namespace grader::mha
