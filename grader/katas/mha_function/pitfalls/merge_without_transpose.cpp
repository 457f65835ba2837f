// The mha_function kata's detector of merge_without_transpose (its logic is shared with mha:
// grader/lib/mha/pitfalls/merge_without_transpose.cpp).
#include "grader/lib/mha/detectors.hpp"

namespace grader::mha {
namespace {

const Registrar registered_merge_without_transpose(
    {"pitfall_merge_without_transpose",
     "the heads are transposed back to (B, T, num_heads, d_head) before merging",
     check_merge_without_transpose});

}  // namespace
}  // namespace grader::mha
