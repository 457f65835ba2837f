// Layers with parameters, in kt::nn.
#pragma once

#include "kt/factories.hpp"
#include "kt/generator.hpp"
#include "kt/tensor_class.hpp"

namespace kt::nn {

/// y = x · weightᵀ + bias over any leading dims of x, like torch.nn.Linear. Initialised like
/// torch: weight and bias uniform in [-1/sqrt(in), 1/sqrt(in)].
class Linear {
 public:
  Linear(int64_t in_features, int64_t out_features, bool bias = true, Dtype dtype = Float64);
  Linear(int64_t in_features, int64_t out_features, bool bias, Dtype dtype, Generator& gen);

  /// x: (..., in_features) -> (..., out_features).
  [[nodiscard]] Tensor operator()(const Tensor& x) const;
  /// The same as operator() (torch's spelling).
  [[nodiscard]] Tensor forward(const Tensor& x) const { return (*this)(x); }

  int64_t in_features;
  int64_t out_features;
  Tensor weight;  // (out_features, in_features)
  Tensor bias;    // (out_features), undefined when built with bias = false
};

}  // namespace kt::nn
