// The gqa kata's detector of softmax_wrong_dim (its logic is shared with mha:
// grader/lib/mha/pitfalls/softmax_wrong_dim.cpp).
#include "grader/lib/mha/detectors.hpp"

namespace grader::mha {
namespace {

const Registrar registered_softmax_wrong_dim({"pitfall_softmax_wrong_dim",
                                              "the softmax normalises over the keys (dim -1)",
                                              check_softmax_wrong_dim});

}  // namespace
}  // namespace grader::mha
