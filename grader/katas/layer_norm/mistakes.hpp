// What the layer_norm kata's named mistakes compute, for the detectors to recognise. Kept apart
// from the reference, which computes the right answer only. Float64, or an undefined tensor when
// the mistake cannot even run on the case's shapes (it would have thrown).
#pragma once

#include "grader/katas/norm_family/over.hpp"
#include "kt/tensor.hpp"

namespace grader::kata_layer_norm {

/// How a learner's code may compute (x - mean) / sqrt(var + eps) * weight + bias: the axis its
/// statistics run over, whether each keeps it, which variance, and where eps goes. LayerNorm is
/// the default.
struct Steps {
  // Last (LayerNorm's), Other (dim 0 is BatchNorm's), All (one mean and variance for the whole
  // tensor) or LastTwo (a normalized_shape of two axes).
  using Axis = norm_family::Axis;
  enum class Variance {
    Biased,      // mean of (x - mean)^2: LayerNorm's
    Unbiased,    // divided by n - 1 (torch.var's default): unbiased_variance
    Uncentered,  // mean of x^2: variance_not_centered
  };
  Axis axis = Axis::Last;    // normalized_wrong_axis when not Last
  int64_t other = 0;         // the axis of Axis::Other
  bool mean_keepdim = true;  // stats_without_keepdim when false, along the last axis
  bool var_keepdim = true;   // the same, for the variance
  Variance variance = Variance::Biased;
  bool eps_inside = true;  // eps_outside_sqrt: sqrt(var) + eps
  /// The variance centred by each row's own mean (kt::var, or a mean of its own with keepdim)
  /// rather than by the mean above: differs only where that mean lacks keepdim.
  bool var_centres_itself = false;
};

kt::Tensor layer_norm_with_steps(const kt::Tensor& x, const kt::Tensor& weight,
                                 const kt::Tensor& bias, double eps, const Steps& steps);

/// The pitfalls a computation makes (Note [layer_norm detectors] in detect.hpp), on x of `rank`
/// axes (rank 1: a mean without keepdim is 0-d and broadcasts as with it).
struct Made {
  bool normalized_wrong_axis = false, stats_without_keepdim = false, unbiased_variance = false,
       variance_not_centered = false, eps_outside_sqrt = false;
};
Made pitfalls_made(const Steps& steps, int64_t rank);

}  // namespace grader::kata_layer_norm
