// kt::Tensor, the class: a handle to shared storage plus layout metadata (sizes, strides, storage
// offset), with PyTorch's semantics for views. Math lives in ops.hpp, factories in factories.hpp;
// kata files include kt/tensor.hpp, which includes them all.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "kt/dtype.hpp"

namespace kt {

/// Sizes, strides, dims and indices are brace lists: t.view({B, T, H, dk}).
using Shape = std::vector<int64_t>;

struct Storage;  // a reference-counted byte buffer; defined in the library
namespace detail {
struct TensorAccess;
}

/// A strided view of shared storage. Copying a Tensor copies the handle, not the data (like
/// torch.Tensor): views and in-place ops write through to every tensor sharing the storage.
///
// INVARIANT: a defined tensor has sizes().size() == strides().size(), every size >= 0, and every
// element it addresses lies inside its storage (checked wherever a layout is built).
// INVARIANT: strides and the storage offset count elements, not bytes.
class Tensor {
 public:
  /// An undefined tensor; every op on it throws kt::Error.
  Tensor() = default;

  [[nodiscard]] bool defined() const noexcept { return storage_ != nullptr; }

  // ---- layout -------------------------------------------------------------------------------
  [[nodiscard]] int64_t dim() const;
  /// Size of dimension d; negative d counts from the end.
  [[nodiscard]] int64_t size(int64_t d) const;
  [[nodiscard]] int64_t stride(int64_t d) const;
  [[nodiscard]] const Shape& sizes() const;
  [[nodiscard]] const Shape& strides() const;
  [[nodiscard]] int64_t storage_offset() const;
  [[nodiscard]] int64_t numel() const;
  [[nodiscard]] Dtype dtype() const;
  /// PyTorch's rule: dims of size 1 are ignored, an empty tensor is contiguous.
  [[nodiscard]] bool is_contiguous() const;
  /// True when both tensors view the same storage (so writes to one show in the other).
  [[nodiscard]] bool shares_storage(const Tensor& other) const noexcept;

  // ---- views and copies (see Note [view compatibility] in layout.cpp) -------------------------
  /// Same data, new shape, no copy; one size may be -1. Throws ViewError when the layout cannot
  /// be viewed that way (typically after transpose: call .contiguous() first, or use reshape).
  [[nodiscard]] Tensor view(const Shape& shape) const;
  /// view() when possible, otherwise a contiguous copy.
  [[nodiscard]] Tensor reshape(const Shape& shape) const;
  /// This tensor if already contiguous, otherwise a contiguous copy.
  [[nodiscard]] Tensor contiguous() const;
  [[nodiscard]] Tensor transpose(int64_t dim0, int64_t dim1) const;
  [[nodiscard]] Tensor permute(const Shape& dims) const;
  [[nodiscard]] Tensor unsqueeze(int64_t dim) const;
  /// Removes every dimension of size 1.
  [[nodiscard]] Tensor squeeze() const;
  /// Removes dimension dim if its size is 1 (otherwise returns the same view, like PyTorch).
  [[nodiscard]] Tensor squeeze(int64_t dim) const;
  /// Broadcasts to shape without copying (stride 0); -1 keeps a size.
  [[nodiscard]] Tensor expand(const Shape& shape) const;
  [[nodiscard]] Tensor expand_as(const Tensor& other) const;
  /// torch.Tensor.repeat: tiles the whole tensor `repeats[i]` times along dim i (a copy):
  /// [a, b].repeat({2}) -> [a, b, a, b]. More repeats than dims add leading dims. Compare
  /// kt::repeat_interleave, which repeats each slice in place: [a, a, b, b].
  [[nodiscard]] Tensor repeat(const Shape& repeats) const;
  [[nodiscard]] Tensor narrow(int64_t dim, int64_t start, int64_t length) const;
  /// Removes dimension dim by picking one index (t.select(0, i) is t[i] in Python).
  [[nodiscard]] Tensor select(int64_t dim, int64_t index) const;
  /// Python's t[start:end:step] along dim; start and end are clamped like Python's.
  [[nodiscard]] Tensor slice(int64_t dim, int64_t start = 0,
                             int64_t end = std::numeric_limits<int64_t>::max(),
                             int64_t step = 1) const;
  /// select(0, index).
  [[nodiscard]] Tensor operator[](int64_t index) const;
  [[nodiscard]] Tensor flatten(int64_t start_dim = 0, int64_t end_dim = -1) const;
  /// A view with arbitrary sizes, strides and offset into this tensor's storage (checked to stay
  /// inside it). Like torch.as_strided: it can make views that overlap or skip elements.
  [[nodiscard]] Tensor as_strided(const Shape& sizes, const Shape& strides,
                                  int64_t storage_offset) const;
  /// A contiguous copy with its own storage.
  [[nodiscard]] Tensor clone() const;
  /// This tensor when the dtype already matches, otherwise a converted copy.
  [[nodiscard]] Tensor to(Dtype dtype) const;

  // ---- element access (for tests and small code; slow) ---------------------------------------
  /// The single element of a one-element tensor, as double.
  [[nodiscard]] double item() const;
  /// The element at a full index, as double (negative indices count from the end).
  [[nodiscard]] double at(const Shape& index) const;
  /// Writes one element through the view (into the shared storage).
  void set(const Shape& index, double value);
  /// The elements in row-major order of this view. T must match dtype() (double, float, int64_t,
  /// bool).
  template <class T>
  [[nodiscard]] std::vector<T> to_vector() const;
  /// Address of the first element; T must match dtype().
  template <class T>
  [[nodiscard]] const T* data() const;
  template <class T>
  [[nodiscard]] T* data();

  // ---- in place: these write through views into the shared storage, as PyTorch's do ----------
  /// Copies src (broadcast to this shape, converted to this dtype) into this view.
  Tensor& copy_(const Tensor& src);
  Tensor& fill_(double value);
  /// Writes value where mask (Bool, broadcastable to this shape) is true.
  Tensor& masked_fill_(const Tensor& mask, double value);
  /// A new tensor equal to this one but value where mask is true; mask is Bool and broadcast.
  [[nodiscard]] Tensor masked_fill(const Tensor& mask, double value) const;
  /// The same with a one-element tensor as the value (as torch allows).
  [[nodiscard]] Tensor masked_fill(const Tensor& mask, const Tensor& value) const;

 private:
  friend struct detail::TensorAccess;
  std::shared_ptr<Storage> storage_;
  Shape sizes_;
  Shape strides_;
  int64_t offset_ = 0;
  int64_t numel_ = 0;
  Dtype dtype_ = Dtype::Float64;
};

/// PyTorch-style repr: values (elided when large), shape and dtype.
std::string repr(const Tensor& t);
std::ostream& operator<<(std::ostream& os, const Tensor& t);
/// "[2, 3, 4]".
std::string shape_str(const Shape& shape);

}  // namespace kt
