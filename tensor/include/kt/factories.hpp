// Functions that make new tensors. Float64 is the default dtype.
#pragma once

#include <vector>

#include "kt/generator.hpp"
#include "kt/tensor_class.hpp"

namespace kt {

/// Uninitialised contents.
Tensor empty(const Shape& shape, Dtype dtype = Float64);
Tensor zeros(const Shape& shape, Dtype dtype = Float64);
Tensor ones(const Shape& shape, Dtype dtype = Float64);
Tensor full(const Shape& shape, double value, Dtype dtype = Float64);
Tensor empty_like(const Tensor& t);
Tensor zeros_like(const Tensor& t);
Tensor ones_like(const Tensor& t);
Tensor full_like(const Tensor& t, double value);
/// A zero-dimensional tensor holding value.
Tensor scalar_tensor(double value, Dtype dtype = Float64);

/// 0, 1, ..., up to but not including end.
Tensor arange(double end, Dtype dtype = Float64);
Tensor arange(double start, double end, double step = 1.0, Dtype dtype = Float64);
/// Identity matrix of n rows and m columns (m = n when m < 0).
Tensor eye(int64_t n, int64_t m = -1, Dtype dtype = Float64);

/// Standard normal samples.
Tensor randn(const Shape& shape, Generator& gen, Dtype dtype = Float64);
Tensor randn(const Shape& shape, Dtype dtype = Float64);
/// Uniform samples in [0, 1).
Tensor rand(const Shape& shape, Generator& gen, Dtype dtype = Float64);
Tensor rand(const Shape& shape, Dtype dtype = Float64);

/// A tensor of the given shape holding values in row-major order (values.size() must equal the
/// shape's element count); the dtype comes from the element type.
Tensor from_vector(const std::vector<double>& values, const Shape& shape);
Tensor from_vector(const std::vector<float>& values, const Shape& shape);
Tensor from_vector(const std::vector<int64_t>& values, const Shape& shape);
Tensor from_vector(const std::vector<bool>& values, const Shape& shape);
/// Like from_vector, converting the values to dtype: kt::tensor({1, 2, 3, 4}, {2, 2}).
Tensor tensor(const std::vector<double>& values, const Shape& shape, Dtype dtype = Float64);

}  // namespace kt
