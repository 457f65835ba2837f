// What the rms_norm kata's named mistakes compute, for the detectors to recognise. Kept apart from
// the reference, which computes the right answer only. Float64, or an undefined tensor when the
// mistake cannot even run on the case's shapes (it would have thrown).
#pragma once

#include <cstdint>

#include "grader/katas/norm_family/over.hpp"
#include "kt/tensor.hpp"

namespace grader::kata_rms_norm {

/// How a learner's code may compute x / sqrt(mean(x^2) + eps) * weight: the axis of the mean of
/// squares, whether it keeps it, whether a mean is subtracted (from the numerator, inside the
/// statistic, or both: LayerNorm without bias), whether the squares are summed instead of
/// averaged, where eps goes, and whether weight is read as an offset from 1. RMSNorm is the
/// default.
struct Steps {
  using Axis = norm_family::Axis;
  enum class Centre { None, Numerator, Statistic, Both };
  Axis axis = Axis::Last;        // normalized_wrong_axis when not Last
  int64_t other = 0;             // the axis of Axis::Other, counted from the front
  bool keepdim = true;           // along the last axis only; no pitfall names it
  Centre centre = Centre::None;  // mean_subtracted when not None
  bool sum = false;              // sum_not_mean
  bool eps_inside = true;        // eps_outside_sqrt when false
  bool weight_plus_one = false;  // weight_plus_one (Gemma's 1 + weight)
};

kt::Tensor rms_norm_with_steps(const kt::Tensor& x, const kt::Tensor& weight, double eps,
                               const Steps& steps);

/// The pitfalls a computation makes.
struct Made {
  bool mean_subtracted = false, eps_outside_sqrt = false, sum_not_mean = false,
       weight_plus_one = false, normalized_wrong_axis = false;
};
Made pitfalls_made(const Steps& steps);

}  // namespace grader::kata_rms_norm
