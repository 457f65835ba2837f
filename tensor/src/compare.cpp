// Comparing whole tensors: allclose and equal.
#include <cmath>

#include "internal.hpp"
#include "kt/ops.hpp"

namespace kt {

bool allclose(const Tensor& a, const Tensor& b, double rtol, double atol, bool equal_nan) {
  detail::check_defined(a, "allclose");
  detail::check_defined(b, "allclose");
  const Shape shape = detail::broadcast_shapes(a.sizes(), b.sizes(), "allclose");
  const Tensor x = a.to(Dtype::Float64).expand(shape).contiguous();
  const Tensor y = b.to(Dtype::Float64).expand(shape).contiguous();
  const double* px = x.data<double>();
  const double* py = y.data<double>();
  for (int64_t i = 0; i < x.numel(); ++i) {
    const double u = px[i];
    const double v = py[i];
    if (std::isnan(u) || std::isnan(v)) {
      if (equal_nan && std::isnan(u) && std::isnan(v)) continue;
      return false;
    }
    if (u == v) continue;  // also equal infinities
    // As torch.isclose: an infinity is close only to itself (without this, |u - inf| <= rtol * inf
    // would hold any finite u close to an expected inf).
    if (std::isinf(u) || std::isinf(v)) return false;
    if (!(std::abs(u - v) <= atol + rtol * std::abs(v))) return false;
  }
  return true;
}

bool equal(const Tensor& a, const Tensor& b) {
  detail::check_defined(a, "equal");
  detail::check_defined(b, "equal");
  if (a.sizes() != b.sizes()) return false;
  const Dtype dt = promote_types(a.dtype(), b.dtype());
  const Tensor x = a.to(dt).contiguous();
  const Tensor y = b.to(dt).contiguous();
  return detail::dispatch(dt, [&](auto tag) {
    using T = decltype(tag);
    const T* px = x.template data<T>();
    const T* py = y.template data<T>();
    for (int64_t i = 0; i < x.numel(); ++i)
      if (!(px[i] == py[i])) return false;
    return true;
  });
}

}  // namespace kt
