#include "grader/katas/softmax/mistakes.hpp"

namespace grader::kata_softmax {

namespace {

/// f(x as Float64), or an undefined tensor if the mistake's shapes do not broadcast.
template <class F>
kt::Tensor attempt(const kt::Tensor& x, F&& f) {
  try {
    return f(x.to(kt::Float64));
  } catch (const kt::ShapeError&) {
    return kt::Tensor();
  }
}

}  // namespace

kt::Tensor softmax_with_steps(const kt::Tensor& x, const Steps& steps) {
  return attempt(x, [&](const kt::Tensor& x64) {
    const kt::Tensor e = kt::exp(x64 - kt::amax(x64, steps.max_axis, steps.max_keepdim));
    return e / kt::sum(e, steps.sum_axis, steps.sum_keepdim);
  });
}

kt::Tensor max_over_axis(const kt::Tensor& x, int64_t dim, int64_t max_axis) {
  return softmax_with_steps(x, {.sum_axis = dim, .max_axis = max_axis});
}

kt::Tensor max_without_keepdim(const kt::Tensor& x, int64_t dim) {
  return softmax_with_steps(x, {.sum_axis = dim, .max_axis = dim, .max_keepdim = false});
}

kt::Tensor sum_without_keepdim(const kt::Tensor& x, int64_t dim) {
  return softmax_with_steps(x, {.sum_axis = dim, .sum_keepdim = false, .max_axis = dim});
}

}  // namespace grader::kata_softmax
