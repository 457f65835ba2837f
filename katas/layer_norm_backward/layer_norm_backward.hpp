// GIVEN — do not edit. The grader calls kata::layer_norm_backward, which you write in
// layer_norm_backward.cpp.
#pragma once

#include "kt/tensor.hpp"

namespace kata {

/// The gradients of a layer norm over the last axis.
struct LayerNormGrads {
  kt::Tensor dx;       // x's shape
  kt::Tensor dweight;  // (D)
  kt::Tensor dbias;    // (D)
};

/// The gradients of L = sum(dout * layer_norm(x, weight, bias, eps)) with respect to x, weight and
/// bias, where layer_norm is torch.nn.functional.layer_norm over the last axis (each row's mean
/// and biased variance, eps inside the square root; see the layer_norm kata). bias does not enter
/// any gradient, so it is not passed.
/// x: (..., D), at least two axes, every axis of size >= 1, Float64; weight: (D), Float64; dout:
/// x's shape, Float64; eps > 0. Returns Float64 gradients, each the shape of its input. Modifies
/// none of its inputs.
LayerNormGrads layer_norm_backward(const kt::Tensor& x, const kt::Tensor& weight,
                                   const kt::Tensor& dout, double eps = 1e-5);

}  // namespace kata
