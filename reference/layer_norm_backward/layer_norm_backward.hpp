// The layer_norm_backward kata's reference, which the grader trusts: plain loops over contiguous
// values in double, none of kt's view machinery, so the runtime and the reference check each
// other.
#pragma once

#include "kt/tensor.hpp"

namespace ref {

struct LayerNormGrads {
  kt::Tensor dx, dweight, dbias;  // Float64: x's shape, (D), (D)
};

/// The gradients of sum(dout * F.layer_norm(x, {D}, weight, bias, eps)): per row, with
/// x̂ = (x - mean) / sigma, sigma = sqrt(var + eps) and g = dout * weight,
/// dx = (g - mean(g) - x̂ * mean(g * x̂)) / sigma; dweight and dbias the sums over every row of
/// dout * x̂ and of dout.
LayerNormGrads layer_norm_backward(const kt::Tensor& x, const kt::Tensor& weight,
                                   const kt::Tensor& dout, double eps);

/// sum(dout * layer_norm(x, weight, bias, eps)) in double, for finite differences: the forward
/// the gradients are of (bias changes it by sum(dout * bias) only).
double layer_norm_objective(const kt::Tensor& x, const kt::Tensor& weight, const kt::Tensor& bias,
                            const kt::Tensor& dout, double eps);

}  // namespace ref
