// What the layer_norm_backward kata's named mistakes compute, for the detectors to recognise.
// Kept apart from the reference, which computes the right answer only.
#pragma once

#include "grader/katas/layer_norm_backward/cases.hpp"

namespace grader::kata_layer_norm_backward {

/// How a learner's code may compute the three gradients: dx = (g - mean(g) - x̂ * mean(g * x̂)) /
/// sigma with g = dout * weight, and the parameter gradients as sums of dout * x̂ and of dout over
/// every row. Each choice may be left out or made another way; the default is right.
struct Steps {
  enum class Sum {
    Rows,  // over every row (all the leading axes): right
    Dim0,  // over dim 0 only: param_grads_wrong_axis
    Last,  // over the last axis: param_grads_wrong_axis
  };
  bool mean_term = true;     // - mean(g): missing_mean_term when false
  bool xhat_term = true;     // - x̂ * mean(g * x̂): missing_xhat_term when false
  bool weight_in_dx = true;  // g = dout * weight: weight_not_in_dx when false (g = dout)
  bool dweight_xhat = true;  // dweight = sum of dout * x̂: dweight_without_xhat when false
  Sum param_sum = Sum::Rows;
};

/// The gradients the steps give (Float64).
Grads grads_with_steps(const Case& c, const Steps& steps);
/// dx alone, dweight alone and dbias alone.
kt::Tensor dx_with_steps(const Case& c, const Steps& steps);
kt::Tensor dweight_with_steps(const Case& c, const Steps& steps);
kt::Tensor dbias_with_steps(const Case& c, const Steps& steps);

/// x̂ and sigma of the case: (x - mean) / sigma, sigma = sqrt(var + eps) (keepdim).
std::pair<kt::Tensor, kt::Tensor> normalised(const Case& c);

}  // namespace grader::kata_layer_norm_backward
