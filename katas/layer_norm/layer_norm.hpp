// GIVEN — do not edit. The grader calls kata::layer_norm, which you write in layer_norm.cpp.
#pragma once

#include "kt/tensor.hpp"

namespace kata {

/// Layer normalization over the last axis, as torch.nn.functional.layer_norm(x, {D}, weight, bias,
/// eps): each row of D entries along the last axis becomes (x - mean) / sqrt(var + eps) * weight +
/// bias, with the row's mean and its biased variance (the mean of the squared deviations: divided
/// by D, not D - 1).
/// x: (..., D), at least one axis, every axis of size >= 1, Float32 or Float64; weight and bias:
/// (D), x's dtype; eps > 0. Returns x's shape and dtype (D = 1 gives bias). Modifies none of its
/// inputs. A weight or bias of another size throws kt::ShapeError.
kt::Tensor layer_norm(const kt::Tensor& x, const kt::Tensor& weight, const kt::Tensor& bias,
                      double eps = 1e-5);

}  // namespace kata
