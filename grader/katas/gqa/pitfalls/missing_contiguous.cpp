// The gqa kata's detector of missing_contiguous (its logic is shared with mha and mha_function:
// grader/lib/mha/pitfalls/missing_contiguous.cpp).
#include "grader/lib/mha/detectors.hpp"

namespace grader::mha {
namespace {

const Registrar registered_missing_contiguous(
    {"pitfall_missing_contiguous", "the transposed heads are made contiguous before view()",
     check_missing_contiguous});

}  // namespace
}  // namespace grader::mha
