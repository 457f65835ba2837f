// Factories: new tensors from sizes, values, ranges and random generators.
#include <cmath>

#include "internal.hpp"
#include "kt/factories.hpp"
#include "trace.hpp"

namespace kt {

Tensor empty(const Shape& shape, Dtype dtype) { return detail::new_tensor(shape, dtype, "empty"); }
Tensor zeros(const Shape& shape, Dtype dtype) { return full(shape, 0.0, dtype); }
Tensor ones(const Shape& shape, Dtype dtype) { return full(shape, 1.0, dtype); }
Tensor full(const Shape& shape, double value, Dtype dtype) {
  detail::OpScope scope("full", {});
  Tensor t = detail::new_tensor(shape, dtype, "full");
  t.fill_(value);
  return scope.ret(std::move(t));
}
Tensor empty_like(const Tensor& t) {
  detail::check_defined(t, "empty_like");
  return empty(t.sizes(), t.dtype());
}
Tensor zeros_like(const Tensor& t) { return full_like(t, 0.0); }
Tensor ones_like(const Tensor& t) { return full_like(t, 1.0); }
Tensor full_like(const Tensor& t, double value) {
  detail::check_defined(t, "full_like");
  return full(t.sizes(), value, t.dtype());
}
Tensor scalar_tensor(double value, Dtype dtype) { return full({}, value, dtype); }

Tensor arange(double end, Dtype dtype) { return arange(0.0, end, 1.0, dtype); }

Tensor arange(double start, double end, double step, Dtype dtype) {
  // Traced: positions made with arange are a step of their own in a journey (rope's start_pos +
  // arange(T)). Its bounds are recorded when they are whole numbers (the trace's arguments are).
  const bool whole = start == std::trunc(start) && end == std::trunc(end) &&
                     step == std::trunc(step) && std::abs(start) < 1e15 && std::abs(end) < 1e15 &&
                     std::abs(step) < 1e15;
  detail::OpScope scope("arange", {},
                        whole ? Shape{int64_t(start), int64_t(end), int64_t(step)} : Shape{});
  if (step == 0 || !std::isfinite(start) || !std::isfinite(end) || !std::isfinite(step)) {
    throw ValueError("arange: start, end and step must be finite and step non-zero (got start " +
                     detail::num_str(start) + ", end " + detail::num_str(end) + ", step " +
                     detail::num_str(step) + ")");
  }
  if ((step > 0 && end < start) || (step < 0 && end > start)) {
    throw ValueError("arange: upper bound and larger bound inconsistent with step sign (start " +
                     detail::num_str(start) + ", end " + detail::num_str(end) + ", step " +
                     detail::num_str(step) + ")");
  }
  const auto n = static_cast<int64_t>(std::ceil((end - start) / step));
  Tensor t = empty({n}, dtype);
  detail::dispatch(dtype, [&](auto tag) {
    using T = decltype(tag);
    T* p = t.data<T>();
    for (int64_t i = 0; i < n; ++i) p[i] = detail::convert<T>(start + double(i) * step);
  });
  return scope.ret(std::move(t));
}

Tensor eye(int64_t n, int64_t m, Dtype dtype) {
  if (m < 0) m = n;
  Tensor t = zeros({n, m}, dtype);
  for (int64_t i = 0; i < std::min(n, m); ++i) t.set({i, i}, 1.0);
  return t;
}

namespace {

template <class F>
Tensor random_tensor(const Shape& shape, Dtype dtype, const char* op, F&& sample) {
  Tensor t = detail::new_tensor(shape, dtype, op);
  detail::dispatch_floating(dtype, op, [&](auto tag) {
    using T = decltype(tag);
    T* p = t.data<T>();
    for (int64_t i = 0; i < t.numel(); ++i) p[i] = static_cast<T>(sample());
  });
  return t;
}

template <class T>
Tensor from_values(const std::vector<T>& values, const Shape& shape) {
  const int64_t n = detail::checked_numel(shape, "from_vector");
  if (n != static_cast<int64_t>(values.size())) {
    throw ShapeError("from_vector: " + std::to_string(values.size()) +
                     " values cannot fill shape " + shape_str(shape) + ", which holds " +
                     std::to_string(n));
  }
  // Traced as an op (a factory, like full): a learner's table built in a std::vector (RoPE's
  // inverse frequencies) is then a result the journey can meet a step with.
  detail::OpScope scope("from_vector", {});
  Tensor t = detail::new_tensor(shape, detail::dtype_of<T>(), "from_vector");
  T* p = t.data<T>();
  for (size_t i = 0; i < values.size(); ++i) p[i] = values[i];
  return scope.ret(std::move(t));
}

}  // namespace

Tensor randn(const Shape& shape, Generator& gen, Dtype dtype) {
  return random_tensor(shape, dtype, "randn", [&] { return gen.normal(); });
}
Tensor randn(const Shape& shape, Dtype dtype) { return randn(shape, default_generator(), dtype); }
Tensor rand(const Shape& shape, Generator& gen, Dtype dtype) {
  return random_tensor(shape, dtype, "rand", [&] { return gen.uniform(); });
}
Tensor rand(const Shape& shape, Dtype dtype) { return rand(shape, default_generator(), dtype); }

Tensor from_vector(const std::vector<double>& values, const Shape& shape) {
  return from_values(values, shape);
}
Tensor from_vector(const std::vector<float>& values, const Shape& shape) {
  return from_values(values, shape);
}
Tensor from_vector(const std::vector<int64_t>& values, const Shape& shape) {
  return from_values(values, shape);
}
Tensor from_vector(const std::vector<bool>& values, const Shape& shape) {
  return from_values(values, shape);
}
Tensor tensor(const std::vector<double>& values, const Shape& shape, Dtype dtype) {
  return from_values(values, shape).to(dtype);
}

}  // namespace kt
