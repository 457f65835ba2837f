// Math on tensors, as free functions in kt:: (kt::matmul, kt::softmax, ...) and operators.
// Binary ops broadcast like PyTorch and compute in the promoted dtype (Bool < Int64 < Float32 <
// Float64). Results are new contiguous tensors.
#pragma once

#include <vector>

#include "kt/tensor_class.hpp"

namespace kt {

// ---- elementwise arithmetic
// ----------------------------------------------------------------------
Tensor operator+(const Tensor& a, const Tensor& b);
Tensor operator-(const Tensor& a, const Tensor& b);
Tensor operator*(const Tensor& a, const Tensor& b);
/// True division: integer and Bool operands give Float64.
Tensor operator/(const Tensor& a, const Tensor& b);
// A double scalar keeps a floating tensor's dtype; an Int64 or Bool tensor gives Float64 (except
// for + - * with a whole-number scalar on Int64, which stays Int64).
Tensor operator+(const Tensor& a, double b);
Tensor operator-(const Tensor& a, double b);
Tensor operator*(const Tensor& a, double b);
Tensor operator/(const Tensor& a, double b);
Tensor operator+(double a, const Tensor& b);
Tensor operator-(double a, const Tensor& b);
Tensor operator*(double a, const Tensor& b);
Tensor operator/(double a, const Tensor& b);
Tensor operator-(const Tensor& a);

// ---- comparisons and logic: Bool results
// ---------------------------------------------------------
Tensor operator==(const Tensor& a, const Tensor& b);
Tensor operator!=(const Tensor& a, const Tensor& b);
Tensor operator<(const Tensor& a, const Tensor& b);
Tensor operator<=(const Tensor& a, const Tensor& b);
Tensor operator>(const Tensor& a, const Tensor& b);
Tensor operator>=(const Tensor& a, const Tensor& b);
Tensor operator==(const Tensor& a, double b);
Tensor operator!=(const Tensor& a, double b);
Tensor operator<(const Tensor& a, double b);
Tensor operator<=(const Tensor& a, double b);
Tensor operator>(const Tensor& a, double b);
Tensor operator>=(const Tensor& a, double b);
Tensor operator==(double a, const Tensor& b);
Tensor operator!=(double a, const Tensor& b);
Tensor operator<(double a, const Tensor& b);
Tensor operator<=(double a, const Tensor& b);
Tensor operator>(double a, const Tensor& b);
Tensor operator>=(double a, const Tensor& b);
/// Logical not of a Bool tensor (bitwise not of an Int64 one).
Tensor operator~(const Tensor& a);
Tensor operator&(const Tensor& a, const Tensor& b);
Tensor operator|(const Tensor& a, const Tensor& b);
Tensor operator^(const Tensor& a, const Tensor& b);
/// torch.logical_*: any dtype in, Bool out (non-zero is true).
Tensor logical_not(const Tensor& a);
Tensor logical_and(const Tensor& a, const Tensor& b);
Tensor logical_or(const Tensor& a, const Tensor& b);

// ---- elementwise functions
// -----------------------------------------------------------------------
Tensor exp(const Tensor& t);
Tensor log(const Tensor& t);
Tensor sqrt(const Tensor& t);
Tensor abs(const Tensor& t);
Tensor tanh(const Tensor& t);
/// Radians; the C library's sin and cos, element by element (0 ulp from std::sin / std::cos).
Tensor sin(const Tensor& t);
Tensor cos(const Tensor& t);
Tensor pow(const Tensor& t, double exponent);
/// 1 / (1 + exp(-t)); 0 and 1 at the ends, never NaN for a number.
Tensor sigmoid(const Tensor& t);
/// t * sigmoid(t) (SiLU, or swish), computed as t / (1 + exp(-t)) as in PyTorch.
Tensor silu(const Tensor& t);
/// 1 / sqrt(t): inf at 0, NaN below 0.
Tensor rsqrt(const Tensor& t);
Tensor maximum(const Tensor& a, const Tensor& b);
Tensor minimum(const Tensor& a, const Tensor& b);
Tensor isnan(const Tensor& t);
Tensor isinf(const Tensor& t);
Tensor isfinite(const Tensor& t);
/// NaN -> nan, +inf -> posinf, -inf -> neginf (defaults: 0 and the dtype's largest finite values).
Tensor nan_to_num(const Tensor& t, double nan = 0.0);
Tensor nan_to_num(const Tensor& t, double nan, double posinf, double neginf);
/// value where mask (Bool) is true, t elsewhere; mask and t broadcast together.
Tensor masked_fill(const Tensor& t, const Tensor& mask, double value);
/// a where cond (Bool) is true, b elsewhere; all three broadcast together.
Tensor where(const Tensor& cond, const Tensor& a, const Tensor& b);
Tensor where(const Tensor& cond, const Tensor& a, double b);
Tensor where(const Tensor& cond, double a, const Tensor& b);
/// Upper / lower triangle of the last two dims; the rest is zero (false for Bool). diagonal = 0 is
/// the main diagonal, > 0 above it, < 0 below it.
Tensor triu(const Tensor& t, int64_t diagonal = 0);
Tensor tril(const Tensor& t, int64_t diagonal = 0);

// ---- reductions
// ---------------------------------------------------------------------------------- Without a dim
// they reduce everything to a zero-dimensional tensor; with keepdim the reduced dimension stays,
// with size 1 (so the result broadcasts against the input).
Tensor sum(const Tensor& t);
Tensor sum(const Tensor& t, int64_t dim, bool keepdim = false);
Tensor mean(const Tensor& t);
Tensor mean(const Tensor& t, int64_t dim, bool keepdim = false);
Tensor amax(const Tensor& t);
Tensor amax(const Tensor& t, int64_t dim, bool keepdim = false);
Tensor amin(const Tensor& t);
Tensor amin(const Tensor& t, int64_t dim, bool keepdim = false);
/// Like torch.max(t, dim): the values and the index of the first maximum along dim.
struct ValuesIndices {
  Tensor values;
  Tensor indices;
};
Tensor max(const Tensor& t);
ValuesIndices max(const Tensor& t, int64_t dim, bool keepdim = false);
Tensor min(const Tensor& t);
ValuesIndices min(const Tensor& t, int64_t dim, bool keepdim = false);
Tensor argmax(const Tensor& t, int64_t dim, bool keepdim = false);
Tensor any(const Tensor& t);
Tensor any(const Tensor& t, int64_t dim, bool keepdim = false);
Tensor all(const Tensor& t);
Tensor all(const Tensor& t, int64_t dim, bool keepdim = false);

/// torch.var(t, dim, unbiased, keepdim): the mean of the squared deviations from the mean along
/// dim, divided by n - 1 when unbiased (Bessel's correction) and by n otherwise. Floating tensors
/// only; NaN where the divisor is 0 or less (one element, unbiased), as in PyTorch.
Tensor var(const Tensor& t, int64_t dim, bool unbiased = true, bool keepdim = false);
/// log(sum(exp(t))) along dim, computed stably (the slice's maximum taken out first, as in
/// PyTorch): finite for logits of any size, -inf for a slice of -inf (or an empty one). A Bool or
/// Int64 tensor gives Float64.
Tensor logsumexp(const Tensor& t, int64_t dim, bool keepdim = false);

/// exp(t) / sum(exp(t)) along dim, computed stably (the row maximum is subtracted first). A row
/// that is entirely -inf gives NaN, as in PyTorch.
Tensor softmax(const Tensor& t, int64_t dim);
Tensor log_softmax(const Tensor& t, int64_t dim);

// ---- linear algebra and joining
// ------------------------------------------------------------------
/// torch.matmul: 1-D operands are promoted to matrices and back, leading (batch) dims broadcast.
/// Runs on Eigen's GEMM; a transposed operand is read in place, not copied.
Tensor matmul(const Tensor& a, const Tensor& b);
/// Joins tensors along an existing dim; all other sizes must match.
Tensor cat(const std::vector<Tensor>& tensors, int64_t dim = 0);
/// Joins tensors along a new dim.
Tensor stack(const std::vector<Tensor>& tensors, int64_t dim = 0);
/// Repeats each slice along dim `repeats` times in place: [a, b] -> [a, a, b, b].
Tensor repeat_interleave(const Tensor& t, int64_t repeats, int64_t dim);

// ---- indexing
// ------------------------------------------------------------------------------------
/// torch.gather: out[i][j][k] = t[index[i][j][k]][j][k] for dim 0 (and so on for the other dims).
/// index is Int64 with as many dims as t, no larger than t in any dim but dim; out has index's
/// shape and t's dtype. An index outside [0, t.size(dim)) throws IndexError.
Tensor gather(const Tensor& t, int64_t dim, const Tensor& index);
/// torch.nn.functional.one_hot: an Int64 tensor of index's shape plus a last dim of num_classes,
/// 1 at each index's class and 0 elsewhere. num_classes = -1 takes index's maximum + 1. A class
/// below 0 or not below num_classes throws ValueError.
Tensor one_hot(const Tensor& index, int64_t num_classes = -1);

// ---- comparing tensors
// ---------------------------------------------------------------------------
/// |a - b| <= atol + rtol * |b| everywhere (shapes broadcast). NaN equals NaN only if equal_nan.
bool allclose(const Tensor& a, const Tensor& b, double rtol = 1e-5, double atol = 1e-8,
              bool equal_nan = false);
/// Same shape and exactly the same values (no tolerance; NaN is never equal), like torch.equal.
bool equal(const Tensor& a, const Tensor& b);

}  // namespace kt
