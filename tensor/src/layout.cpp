// Layout-only ops: they build new metadata over the same storage and never touch the data (except
// reshape, which copies when it cannot view).
#include <algorithm>
#include <optional>

#include "internal.hpp"
#include "trace.hpp"

namespace kt {

using detail::check_defined;
using detail::TensorAccess;
using detail::wrap_dim;

namespace {

Tensor restride(const Tensor& t, Shape sizes, Shape strides, int64_t offset) {
  return TensorAccess::make(TensorAccess::storage(t), std::move(sizes), std::move(strides), offset,
                            t.dtype());
}

/// Replaces one -1 in shape by the size that makes the element count numel (PyTorch's infer_size).
Shape infer_size(const Shape& shape, int64_t numel, const char* op) {
  Shape out = shape;
  int64_t known = 1;
  std::optional<size_t> infer;
  for (size_t i = 0; i < shape.size(); ++i) {
    if (shape[i] == -1) {
      if (infer) {
        throw ShapeError(std::string(op) + ": only one dimension can be inferred (shape " +
                         shape_str(shape) + " has more than one -1)");
      }
      infer = i;
    } else if (shape[i] < 0) {
      throw ShapeError(std::string(op) + ": invalid shape dimension " + std::to_string(shape[i]) +
                       " in " + shape_str(shape) + "; sizes are >= 0, or -1 for one inferred size");
    } else {
      known *= shape[i];
    }
  }
  if (infer) {
    if (known == 0) {
      throw ShapeError(std::string(op) + ": cannot reshape tensor of " + std::to_string(numel) +
                       " elements into shape " + shape_str(shape) +
                       " because the unspecified dimension size -1 can be any value and is "
                       "ambiguous");
    }
    if (numel % known == 0) {
      out[*infer] = numel / known;
      return out;
    }
  } else if (known == numel) {
    return out;
  }
  throw ShapeError(std::string(op) + ": shape '" + shape_str(shape) +
                   "' is invalid for input of size " + std::to_string(numel));
}

// Note [view compatibility]
// This is PyTorch's computeStride rule (aten/src/ATen/TensorUtils.cpp), re-derived. Split the old
// dims into chunks: maximal runs of neighbouring dims that are laid out contiguously with respect
// to each other (stride[i] == size[i+1] * stride[i+1]; dims of size 1 never break a run). A view is
// possible exactly when the new shape can be cut into the same number of consecutive groups, each
// holding as many elements as its chunk; the new strides are then the chunk's innermost stride
// times the running element count. A transposed (B, H, T, dk) tensor viewed as (B, T, H*dk) fails
// this: after transpose(1, 2), H and T are no longer one chunk. Returns nullopt when not viewable.
std::optional<Shape> compute_view_strides(const Shape& old_sizes, const Shape& old_strides,
                                          const Shape& new_sizes) {
  if (old_sizes.empty()) return Shape(new_sizes.size(), 1);
  int64_t numel = 1;
  for (int64_t s : old_sizes) numel *= s;
  // With no elements any strides are valid; keep the old ones when nothing changes.
  if (numel == 0 && old_sizes == new_sizes) return old_strides;
  Shape new_strides(new_sizes.size());
  if (numel == 0) {
    int64_t running = 1;
    for (size_t d = new_sizes.size(); d-- > 0;) {
      new_strides[d] = running;
      running *= std::max<int64_t>(new_sizes[d], 1);
    }
    return new_strides;
  }
  auto view_d = static_cast<int64_t>(new_sizes.size()) - 1;
  int64_t chunk_base_stride = old_strides.back();
  int64_t tensor_numel = 1;
  int64_t view_numel = 1;
  for (auto tensor_d = static_cast<int64_t>(old_sizes.size()) - 1; tensor_d >= 0; --tensor_d) {
    const auto td = static_cast<size_t>(tensor_d);
    tensor_numel *= old_sizes[td];
    // End of a chunk: the first dim, or the dim before is not contiguous with this one.
    const bool chunk_ends =
        tensor_d == 0 ||
        (old_sizes[td - 1] != 1 && old_strides[td - 1] != tensor_numel * chunk_base_stride);
    if (!chunk_ends) continue;
    while (view_d >= 0 &&
           (view_numel < tensor_numel || new_sizes[static_cast<size_t>(view_d)] == 1)) {
      new_strides[static_cast<size_t>(view_d)] = view_numel * chunk_base_stride;
      view_numel *= new_sizes[static_cast<size_t>(view_d)];
      --view_d;
    }
    if (view_numel != tensor_numel) return std::nullopt;
    if (tensor_d > 0) {
      chunk_base_stride = old_strides[td - 1];
      tensor_numel = 1;
      view_numel = 1;
    }
  }
  if (view_d != -1) return std::nullopt;
  return new_strides;
}

}  // namespace

bool Tensor::is_contiguous() const {
  check_defined(*this, "is_contiguous");
  if (numel_ == 0) return true;
  int64_t expected = 1;
  for (size_t d = sizes_.size(); d-- > 0;) {
    if (sizes_[d] == 1) continue;
    if (strides_[d] != expected) return false;
    expected *= sizes_[d];
  }
  return true;
}

Tensor Tensor::view(const Shape& shape) const {
  check_defined(*this, "view");
  detail::OpScope scope("view", {this}, shape);
  Shape sizes = infer_size(shape, numel_, "view");
  auto strides = compute_view_strides(sizes_, strides_, sizes);
  if (!strides) throw ViewError(sizes_, strides_, shape);
  return scope.ret(restride(*this, std::move(sizes), std::move(*strides), offset_));
}

Tensor Tensor::reshape(const Shape& shape) const {
  check_defined(*this, "reshape");
  detail::OpScope scope("reshape", {this}, shape);
  Shape sizes = infer_size(shape, numel_, "reshape");
  if (auto strides = compute_view_strides(sizes_, strides_, sizes)) {
    return scope.ret(restride(*this, std::move(sizes), std::move(*strides), offset_));
  }
  return scope.ret(clone().view(sizes));
}

Tensor Tensor::transpose(int64_t dim0, int64_t dim1) const {
  check_defined(*this, "transpose");
  detail::OpScope scope("transpose", {this}, {dim0, dim1});
  const auto a = static_cast<size_t>(wrap_dim(dim0, dim(), "transpose", sizes_));
  const auto b = static_cast<size_t>(wrap_dim(dim1, dim(), "transpose", sizes_));
  if (sizes_.empty()) return scope.ret(*this);
  Shape sizes = sizes_;
  Shape strides = strides_;
  std::swap(sizes[a], sizes[b]);
  std::swap(strides[a], strides[b]);
  return scope.ret(restride(*this, std::move(sizes), std::move(strides), offset_));
}

Tensor Tensor::permute(const Shape& dims) const {
  check_defined(*this, "permute");
  detail::OpScope scope("permute", {this}, dims);
  const int64_t n = dim();
  if (static_cast<int64_t>(dims.size()) != n) {
    throw ShapeError("permute: number of dims don't match in permute: the tensor has " +
                     std::to_string(n) + " dims (shape " + shape_str(sizes_) + ") but dims is " +
                     shape_str(dims));
  }
  Shape sizes(dims.size());
  Shape strides(dims.size());
  std::vector<bool> seen(dims.size(), false);
  for (size_t i = 0; i < dims.size(); ++i) {
    const auto d = static_cast<size_t>(wrap_dim(dims[i], n, "permute", sizes_));
    if (seen[d]) {
      throw ShapeError("permute: repeated dim " + std::to_string(d) + " in dims " +
                       shape_str(dims) + "; each dim must appear exactly once");
    }
    seen[d] = true;
    sizes[i] = sizes_[d];
    strides[i] = strides_[d];
  }
  return scope.ret(restride(*this, std::move(sizes), std::move(strides), offset_));
}

Tensor Tensor::unsqueeze(int64_t d) const {
  check_defined(*this, "unsqueeze");
  detail::OpScope scope("unsqueeze", {this}, {d});
  const auto pos = static_cast<size_t>(wrap_dim(d, dim() + 1, "unsqueeze", sizes_));
  Shape sizes = sizes_;
  Shape strides = strides_;
  const int64_t stride = pos < sizes_.size() ? sizes_[pos] * strides_[pos] : 1;
  sizes.insert(sizes.begin() + static_cast<std::ptrdiff_t>(pos), 1);
  strides.insert(strides.begin() + static_cast<std::ptrdiff_t>(pos), stride);
  return scope.ret(restride(*this, std::move(sizes), std::move(strides), offset_));
}

Tensor Tensor::squeeze() const {
  check_defined(*this, "squeeze");
  detail::OpScope scope("squeeze", {this});
  Shape sizes;
  Shape strides;
  for (size_t d = 0; d < sizes_.size(); ++d) {
    if (sizes_[d] == 1) continue;
    sizes.push_back(sizes_[d]);
    strides.push_back(strides_[d]);
  }
  return scope.ret(restride(*this, std::move(sizes), std::move(strides), offset_));
}

Tensor Tensor::squeeze(int64_t d) const {
  check_defined(*this, "squeeze");
  detail::OpScope scope("squeeze", {this}, {d});
  const auto pos = static_cast<size_t>(wrap_dim(d, dim(), "squeeze", sizes_));
  if (sizes_.empty() || sizes_[pos] != 1) return scope.ret(*this);
  Shape sizes = sizes_;
  Shape strides = strides_;
  sizes.erase(sizes.begin() + static_cast<std::ptrdiff_t>(pos));
  strides.erase(strides.begin() + static_cast<std::ptrdiff_t>(pos));
  return scope.ret(restride(*this, std::move(sizes), std::move(strides), offset_));
}

Tensor Tensor::expand(const Shape& shape) const {
  check_defined(*this, "expand");
  detail::OpScope scope("expand", {this}, shape);
  const size_t n = shape.size();
  if (n < sizes_.size()) {
    throw ShapeError("expand: the number of sizes provided (" + std::to_string(n) +
                     ") must be greater or equal to the number of dimensions in the tensor (" +
                     std::to_string(sizes_.size()) + "); tensor shape " + shape_str(sizes_) +
                     ", target " + shape_str(shape));
  }
  Shape sizes(n);
  Shape strides(n);
  const size_t lead = n - sizes_.size();
  for (size_t i = 0; i < n; ++i) {
    const int64_t target = shape[i];
    if (i < lead) {
      if (target < 0) {
        throw ShapeError("expand: the expanded size of the tensor (" + std::to_string(target) +
                         ") isn't allowed in a leading, non-existing dimension " +
                         std::to_string(i) + " (target " + shape_str(shape) + ")");
      }
      sizes[i] = target;
      strides[i] = 0;
      continue;
    }
    const int64_t have = sizes_[i - lead];
    if (target == -1 || target == have) {
      sizes[i] = have;
      strides[i] = strides_[i - lead];
    } else if (have == 1 && target >= 0) {
      sizes[i] = target;
      strides[i] = 0;
    } else {
      throw ShapeError("expand: the expanded size of the tensor (" + std::to_string(target) +
                       ") must match the existing size (" + std::to_string(have) +
                       ") at non-singleton dimension " + std::to_string(i) + ".  Target sizes: " +
                       shape_str(shape) + ".  Tensor sizes: " + shape_str(sizes_));
    }
  }
  return scope.ret(restride(*this, std::move(sizes), std::move(strides), offset_));
}

Tensor Tensor::expand_as(const Tensor& other) const {
  check_defined(other, "expand_as");
  return expand(other.sizes());
}

Tensor Tensor::narrow(int64_t d, int64_t start, int64_t length) const {
  check_defined(*this, "narrow");
  detail::OpScope scope("narrow", {this}, {d, start, length});
  detail::check_not_scalar(*this, "narrow");
  const auto pos = static_cast<size_t>(wrap_dim(d, dim(), "narrow", sizes_));
  const int64_t size = sizes_[pos];
  const int64_t given = start;
  if (start < 0) start += size;
  if (start < 0 || start > size || length < 0 || start + length > size) {
    // A negative start counts from the end, as in PyTorch: both said, so that a start computed as
    // T_k - T_q < 0 does not read as the positive one it became.
    const std::string start_text =
        given < 0 ? std::to_string(given) + ", counted from the end: " + std::to_string(start)
                  : std::to_string(start);
    throw IndexError("narrow: start (" + start_text + ") + length (" + std::to_string(length) +
                     ") exceeds dimension size (" + std::to_string(size) + ") of dim " +
                     std::to_string(pos) + " in shape " + shape_str(sizes_));
  }
  Shape sizes = sizes_;
  sizes[pos] = length;
  return scope.ret(restride(*this, std::move(sizes), strides_, offset_ + start * strides_[pos]));
}

Tensor Tensor::select(int64_t d, int64_t index) const {
  check_defined(*this, "select");
  detail::OpScope scope("select", {this}, {d, index});
  detail::check_not_scalar(*this, "select");
  const auto pos = static_cast<size_t>(wrap_dim(d, dim(), "select", sizes_));
  const int64_t size = sizes_[pos];
  if (index < -size || index >= size) {
    throw IndexError("select: index " + std::to_string(index) + " is out of bounds for dimension " +
                     std::to_string(pos) + " with size " + std::to_string(size) +
                     " (tensor of shape " + shape_str(sizes_) + ")");
  }
  if (index < 0) index += size;
  Shape sizes = sizes_;
  Shape strides = strides_;
  const int64_t offset = offset_ + index * strides_[pos];
  sizes.erase(sizes.begin() + static_cast<std::ptrdiff_t>(pos));
  strides.erase(strides.begin() + static_cast<std::ptrdiff_t>(pos));
  return scope.ret(restride(*this, std::move(sizes), std::move(strides), offset));
}

Tensor Tensor::operator[](int64_t index) const {
  check_defined(*this, "operator[]");
  if (sizes_.empty()) {
    throw IndexError(
        "operator[]: invalid index of a 0-dim tensor. Use t.item() to convert a 0-dim tensor to a "
        "number (tensor of shape [])");
  }
  return select(0, index);
}

Tensor Tensor::slice(int64_t d, int64_t start, int64_t end, int64_t step) const {
  check_defined(*this, "slice");
  detail::OpScope scope("slice", {this}, {d, start, end, step});
  detail::check_not_scalar(*this, "slice");
  if (step <= 0) {
    throw ValueError("slice: step must be positive, got " + std::to_string(step) +
                     " (negative steps are not supported, as in PyTorch)");
  }
  const auto pos = static_cast<size_t>(wrap_dim(d, dim(), "slice", sizes_));
  const int64_t size = sizes_[pos];
  auto clamp = [size](int64_t i) {
    if (i < 0) i = std::max<int64_t>(i + size, 0);
    return std::min(i, size);
  };
  start = clamp(start);
  end = std::max(clamp(end), start);
  Shape sizes = sizes_;
  Shape strides = strides_;
  sizes[pos] = (end - start + step - 1) / step;
  strides[pos] = strides_[pos] * step;
  return scope.ret(
      restride(*this, std::move(sizes), std::move(strides), offset_ + start * strides_[pos]));
}

Tensor Tensor::flatten(int64_t start_dim, int64_t end_dim) const {
  check_defined(*this, "flatten");
  detail::OpScope scope("flatten", {this}, {start_dim, end_dim});
  const auto s = static_cast<size_t>(wrap_dim(start_dim, dim(), "flatten", sizes_));
  const auto e = static_cast<size_t>(wrap_dim(end_dim, dim(), "flatten", sizes_));
  if (s > e) {
    const std::string args =
        "(start_dim " + std::to_string(start_dim) + ", end_dim " + std::to_string(end_dim) + ")";
    throw IndexError("flatten: flatten() has invalid args: start_dim cannot come after end_dim " +
                     args + " for a tensor of shape " + shape_str(sizes_));
  }
  if (sizes_.empty()) return scope.ret(reshape({1}));
  Shape sizes(sizes_.begin(), sizes_.begin() + static_cast<std::ptrdiff_t>(s));
  int64_t merged = 1;
  for (size_t i = s; i <= e; ++i) merged *= sizes_[i];
  sizes.push_back(merged);
  sizes.insert(sizes.end(), sizes_.begin() + static_cast<std::ptrdiff_t>(e) + 1, sizes_.end());
  return scope.ret(reshape(sizes));
}

Tensor Tensor::as_strided(const Shape& sizes, const Shape& strides, int64_t storage_offset) const {
  check_defined(*this, "as_strided");
  detail::OpScope scope("as_strided", {this});
  if (sizes.size() != strides.size()) {
    throw ShapeError("as_strided: mismatch in length of strides and shape (" + shape_str(sizes) +
                     " vs " + shape_str(strides) + ")");
  }
  const int64_t numel = detail::checked_numel(sizes, "as_strided");
  if (storage_offset < 0) {
    throw ValueError("as_strided: negative storage offset " + std::to_string(storage_offset));
  }
  const int64_t capacity = TensorAccess::storage(*this)->nbytes / element_size(dtype_);
  int64_t last = storage_offset;
  for (size_t d = 0; d < sizes.size(); ++d) {
    if (strides[d] < 0) {
      throw ValueError("as_strided: negative strides are not supported, got " + shape_str(strides));
    }
    if (numel > 0) last += (sizes[d] - 1) * strides[d];
  }
  if (numel > 0 && last >= capacity) {
    throw IndexError("as_strided: setStorage: sizes " + shape_str(sizes) + ", strides " +
                     shape_str(strides) + " and storage offset " + std::to_string(storage_offset) +
                     " reach element " + std::to_string(last) + " but the storage holds only " +
                     std::to_string(capacity));
  }
  return scope.ret(restride(*this, sizes, strides, storage_offset));
}

ViewError::ViewError(std::vector<int64_t> sizes, std::vector<int64_t> strides,
                     std::vector<int64_t> requested)
    : Error(
          "view size is not compatible with input tensor's size and stride (at least one "
          "dimension spans across two contiguous subspaces). Use .reshape(...) instead."),
      sizes_(std::move(sizes)),
      strides_(std::move(strides)),
      requested_(std::move(requested)) {}

}  // namespace kt
