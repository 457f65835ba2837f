// What the softmax kata's named mistakes compute, for the detectors to recognise. Kept apart from
// the reference, which computes the right answer only. Each returns Float64, or an undefined
// tensor when the mistake cannot even run on x's shape (it would have thrown).
#pragma once

#include <cstdint>

#include "kt/tensor.hpp"

namespace grader::kata_softmax {

/// How a learner's code may compute exp(x - m) / s: m the maxima of x along max_axis, s the sums
/// of the exps along sum_axis, each reduction with keepdim or without (without, it broadcasts
/// against x's trailing axes instead of along its axis). The softmax along dim is
/// {dim, true, dim, true}; the named mistakes below are some of these.
struct Steps {
  int64_t sum_axis = 0;
  bool sum_keepdim = true;
  int64_t max_axis = 0;
  bool max_keepdim = true;
};
kt::Tensor softmax_with_steps(const kt::Tensor& x, const Steps& steps);

/// max_over_wrong_dim: exp(x - amax(x, max_axis, keepdim)) / its sum along dim (keepdim).
kt::Tensor max_over_axis(const kt::Tensor& x, int64_t dim, int64_t max_axis);
/// max_over_wrong_dim, the other form: the maxima along dim without keepdim, so they broadcast
/// against x's trailing axes instead of along dim.
kt::Tensor max_without_keepdim(const kt::Tensor& x, int64_t dim);
/// sum_without_keepdim: exp(x - max) divided by its sums along dim taken without keepdim, which
/// broadcast against x's trailing axes instead of along dim.
kt::Tensor sum_without_keepdim(const kt::Tensor& x, int64_t dim);

}  // namespace grader::kata_softmax
