// Library-internal helpers shared by the runtime's .cpp files: storage, building tensors from
// layouts, dim wrapping, dtype dispatch and argument checks. Not installed, not for katas.
#pragma once

#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <utility>

#include "kt/error.hpp"
#include "kt/tensor_class.hpp"

namespace kt {

/// A byte buffer shared by every tensor that views it.
// INVARIANT: data is 64-byte aligned (Eigen maps it with aligned packets) and holds nbytes bytes.
struct Storage {
  void* data = nullptr;
  int64_t nbytes = 0;
  std::size_t capacity = 0;  // bytes really reserved (see Note [large buffer cache])
  bool counted = false;      // allocation accounting saw this buffer, so its release is counted too

  Storage() = default;
  Storage(const Storage&) = delete;
  Storage& operator=(const Storage&) = delete;
  ~Storage();

  /// Throws kt::Error when the memory cannot be had; `what` names the tensor for that message.
  static std::shared_ptr<Storage> allocate(int64_t nbytes, const std::string& what);
};

namespace detail {

/// The library's back door into Tensor's private layout.
struct TensorAccess {
  static Tensor make(std::shared_ptr<Storage> storage, Shape sizes, Shape strides, int64_t offset,
                     Dtype dtype);
  static const std::shared_ptr<Storage>& storage(const Tensor& t) { return t.storage_; }
  /// Address of element 0 of the view.
  static char* bytes(const Tensor& t) {
    return static_cast<char*>(t.storage_->data) + t.offset_ * element_size(t.dtype_);
  }
};

inline char* bytes(const Tensor& t) { return TensorAccess::bytes(t); }

/// Row-major strides for sizes.
Shape contiguous_strides(const Shape& sizes);
/// Product of sizes; throws ValueError on a negative size or overflow, naming op.
int64_t checked_numel(const Shape& sizes, const char* op);
/// A new contiguous tensor with uninitialised contents.
Tensor new_tensor(const Shape& sizes, Dtype dtype, const char* op);

/// Throws kt::Error when t is undefined.
void check_defined(const Tensor& t, const char* op);
/// What a dim argument means on a 0-dim tensor, as in PyTorch (c10's maybe_wrap_dim).
enum class ScalarDim {
  Wrap,   // -1 and 0 name the tensor as if it had one dim: reductions, softmax, transpose,
          // squeeze, flatten, ... (wrap_dim returns 0, which indexes nothing: the caller handles
          // the 0-dim case itself)
  Refuse  // there is no dim to name: size(), stride(), repeat_interleave()
};

/// Maps a possibly negative dim into [0, ndim). Throws IndexError in PyTorch's words, naming op and
/// the tensor's shape, when dim is out of range or names a dim of a 0-dim tensor that has none.
int64_t wrap_dim(int64_t dim, int64_t ndim, const char* op, const Shape& sizes,
                 ScalarDim scalar = ScalarDim::Wrap);
/// Throws IndexError in PyTorch's words for ops that cannot take a 0-dim tensor (narrow, select,
/// slice): "narrow: narrow() cannot be applied to a 0-dim tensor (tensor of shape [])".
void check_not_scalar(const Tensor& t, const char* op);

/// The shape a and b broadcast to; throws ShapeError in PyTorch's words otherwise.
Shape broadcast_shapes(const Shape& a, const Shape& b, const char* op);

/// A double for messages: "-1.79769e+308", "0.5".
std::string num_str(double v);

/// "float32" etc. as std::string for messages.
std::string dname(Dtype d);

/// Calls f with a value of the C++ type stored for dtype: f(float{}), f(double{}), f(bool{}),
/// f(int64_t{}).
template <class F>
decltype(auto) dispatch(Dtype dtype, F&& f) {
  switch (dtype) {
    case Dtype::Float32:
      return f(float{});
    case Dtype::Float64:
      return f(double{});
    case Dtype::Bool:
      return f(bool{});
    case Dtype::Int64:
      break;
  }
  return f(int64_t{});
}

/// Calls f with float{} or double{}; throws DtypeError naming op for other dtypes.
template <class F>
decltype(auto) dispatch_floating(Dtype dtype, const char* op, F&& f) {
  if (dtype == Dtype::Float32) return f(float{});
  if (dtype == Dtype::Float64) return f(double{});
  throw DtypeError(std::string(op) + ": expected a floating tensor (float32 or float64) but got " +
                   dname(dtype) + "; convert it first with .to(kt::Float64)");
}

template <class T>
constexpr Dtype dtype_of() {
  if constexpr (std::is_same_v<T, float>) return Dtype::Float32;
  if constexpr (std::is_same_v<T, double>) return Dtype::Float64;
  if constexpr (std::is_same_v<T, bool>) return Dtype::Bool;
  return Dtype::Int64;
}

/// Converts one value between element types without undefined behaviour: NaN becomes 0 and
/// out-of-range values saturate when converting a float to int64; anything non-zero is true.
template <class To, class From>
To convert(From v) {
  if constexpr (std::is_same_v<To, bool>) {
    return v != From(0);
  } else if constexpr (std::is_same_v<To, int64_t> && std::is_floating_point_v<From>) {
    if (v != v) return 0;
    if (v >= static_cast<From>(9.2233720368547758e18)) return INT64_MAX;
    if (v <= static_cast<From>(-9.2233720368547758e18)) return INT64_MIN;
    return static_cast<int64_t>(v);
  } else {
    return static_cast<To>(v);
  }
}

}  // namespace detail
}  // namespace kt
