// GIVEN — do not edit. The grader calls kata::softmax, which you write in softmax.cpp.
#pragma once

#include <cstdint>

#include "kt/tensor.hpp"

namespace kata {

/// The softmax of x along dim: exp of each entry over the sum of exps along that axis.
/// x: any shape with at least one axis and no empty axis, Float32 or Float64; dim in
/// [-x.dim(), x.dim()), negative counting from the end. Returns x's shape and dtype; every slice
/// along dim is non-negative and sums to 1. Must stay finite for logits as large as ±1e30 and
/// give weight 0 to an entry of -inf when its slice has a finite entry.
kt::Tensor softmax(const kt::Tensor& x, int64_t dim);

}  // namespace kata
