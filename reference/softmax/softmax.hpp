// The softmax kata's reference, which the grader trusts: plain loops over the values in Float64,
// none of kt's view machinery or its ops, so the runtime and the reference check each other.
// Checked against torch.softmax's outputs (tools/golden/gen_softmax_cases.py).
#pragma once

#include <cstdint>

#include "kt/tensor.hpp"

namespace ref {

/// The softmax of x along dim (negative counts from the end), computed in Float64 with each
/// slice's maximum subtracted first. Returns x's shape in Float64. A slice whose entries are all
/// -inf gives NaN, as in PyTorch; an entry of -inf in a slice with a finite entry gives 0.
kt::Tensor softmax(const kt::Tensor& x, int64_t dim);

}  // namespace ref
