// GIVEN — do not edit. The grader calls kata::apply_rope, which you write in rope.cpp.
#pragma once

#include <cstdint>

#include "kt/tensor.hpp"

namespace kata {

/// Rotary position embedding, rotate-half convention (GPT-NeoX; LLaMA in Hugging Face).
/// x: (B, H, T, d) with d even, Float32 or Float64, any layout (a transposed view included).
/// Row t of x sits at position p = start_pos + t. For every i < d/2 the pair (x[i], x[i + d/2])
/// is rotated by the angle p * base^(-2i/d). Returns x's shape and dtype; x is not modified.
kt::Tensor apply_rope(const kt::Tensor& x, int64_t start_pos, double base = 10000.0);

}  // namespace kata
