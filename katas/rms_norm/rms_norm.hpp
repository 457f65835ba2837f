// GIVEN — do not edit. The grader calls kata::rms_norm, which you write in rms_norm.cpp.
#pragma once

#include "kt/tensor.hpp"

namespace kata {

/// RMSNorm over the last axis, as in LLaMA: each row of D entries along the last axis becomes
/// x / sqrt(mean(x^2) + eps) * weight, the mean of the squares taken over the row (divided by D).
/// No mean is subtracted and there is no bias.
/// x: (..., D), at least one axis, every axis of size >= 1, Float32 or Float64; weight: (D), x's
/// dtype; eps > 0. Returns x's shape and dtype. Modifies none of its inputs. A weight of another
/// size throws kt::ShapeError.
kt::Tensor rms_norm(const kt::Tensor& x, const kt::Tensor& weight, double eps = 1e-6);

}  // namespace kata
