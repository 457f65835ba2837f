// GIVEN — do not edit. The grader calls kata::mha, which you write in mha_function.cpp.
#pragma once

#include <cstdint>
#include <optional>

#include "kt/tensor.hpp"

namespace kata {

/// Multi-head attention as one function, no module and no biases.
/// x: (B, T, d) Float64. Wq, Wk, Wv, Wo: (d, d), each applied as `x @ W` (not nn.Linear's
/// `x @ Wᵀ`). h: the number of heads, dividing d (d_head = d / h). mask: Bool, true = may attend,
/// broadcastable to (B, h, T, T); a query row may be entirely false (padding) and must not give
/// NaN. Returns (B, T, d).
kt::Tensor mha(const kt::Tensor& x, const kt::Tensor& Wq, const kt::Tensor& Wk,
               const kt::Tensor& Wv, const kt::Tensor& Wo, int64_t h,
               const std::optional<kt::Tensor>& mask = std::nullopt);

}  // namespace kata
