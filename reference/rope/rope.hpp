// The rope kata's reference, which the grader trusts: plain loops over the values in Float64,
// none of kt's view machinery or its ops, so the runtime and the reference check each other.
// Checked against the Hugging Face (GPT-NeoX / LLaMA) rotate-half formula run in PyTorch
// (tools/golden/gen_rope_cases.py).
#pragma once

#include <cstdint>

#include "kt/tensor.hpp"

namespace ref {

/// Rotary position embedding, rotate-half: x is (..., T, d) with d even; row t is at position
/// start_pos + t, and each pair (x[i], x[i + d/2]), i < d/2, is rotated by the angle
/// (start_pos + t) * base^(-2i/d). Computed in Float64; returns x's shape in Float64.
kt::Tensor rope(const kt::Tensor& x, int64_t start_pos, double base = 10000.0);

}  // namespace ref
