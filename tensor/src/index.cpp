// Indexing with a tensor of indices: gather and one_hot.
#include <algorithm>

#include "internal.hpp"
#include "kt/ops.hpp"
#include "trace.hpp"

namespace kt {

using detail::check_defined;

namespace {

/// The position of the flat (row-major) element `flat` of `shape`, for messages: "[0, 2]".
std::string position_str(Shape shape, int64_t flat) {
  Shape idx(shape.size());
  for (size_t k = shape.size(); k-- > 0;) {
    idx[k] = flat % shape[k];
    flat /= shape[k];
  }
  return shape_str(idx);
}

Shape contiguous_strides(const Shape& shape) {
  Shape strides(shape.size(), 1);
  for (size_t k = shape.size(); k-- > 1;) strides[k - 1] = strides[k] * shape[k];
  return strides;
}

}  // namespace

Tensor gather(const Tensor& t, int64_t dim, const Tensor& index) {
  const char* op = "gather";
  check_defined(t, op);
  check_defined(index, op);
  detail::OpScope scope(op, {&t, &index}, {dim});
  const auto d = static_cast<size_t>(detail::wrap_dim(dim, t.dim(), op, t.sizes()));
  if (index.dtype() != Dtype::Int64) {
    throw DtypeError("gather: expected an int64 index but got " + detail::dname(index.dtype()) +
                     "; convert it first with .to(kt::Int64)");
  }
  if (index.dim() != t.dim()) {
    throw ShapeError("gather: index must have as many dims as the input: got index of shape " +
                     shape_str(index.sizes()) + " and input of shape " + shape_str(t.sizes()));
  }
  // A 0-dim input and index are read as one element along dim 0, as in PyTorch.
  const Shape in_shape = t.dim() == 0 ? Shape{1} : t.sizes();
  const Shape idx_shape = index.dim() == 0 ? Shape{1} : index.sizes();
  for (size_t k = 0; k < in_shape.size(); ++k) {
    if (k != d && idx_shape[k] > in_shape[k]) {
      throw ShapeError("gather: index of shape " + shape_str(index.sizes()) +
                       " is larger than the input of shape " + shape_str(t.sizes()) + " in dim " +
                       std::to_string(k) + "; only dim " + std::to_string(d) +
                       " (the one gathered along) may be larger");
    }
  }
  const Tensor src = t.contiguous();
  const Tensor idx = index.contiguous();
  const Shape src_strides = contiguous_strides(in_shape);
  Tensor out = detail::new_tensor(index.sizes(), t.dtype(), op);
  const int64_t* ip = idx.data<int64_t>();
  const int64_t n = idx.numel();
  const int64_t len = in_shape[d];
  detail::dispatch(t.dtype(), [&](auto tag) {
    using T = decltype(tag);
    const T* sp = src.template data<T>();
    T* op_out = out.template data<T>();
    Shape pos(idx_shape.size(), 0);
    for (int64_t i = 0; i < n; ++i) {
      const int64_t at = ip[i];
      if (at < 0 || at >= len) {
        throw IndexError("gather: index " + std::to_string(at) + " is out of bounds for dim " +
                         std::to_string(d) + " with size " + std::to_string(len) +
                         " (at position " + position_str(idx_shape, i) + " of the index)");
      }
      int64_t offset = 0;
      for (size_t k = 0; k < pos.size(); ++k) offset += (k == d ? at : pos[k]) * src_strides[k];
      op_out[i] = sp[offset];
      for (size_t k = pos.size(); k-- > 0;) {  // the next position, row-major
        if (++pos[k] < idx_shape[k]) break;
        pos[k] = 0;
      }
    }
  });
  return scope.ret(std::move(out));
}

Tensor one_hot(const Tensor& index, int64_t num_classes) {
  const char* op = "one_hot";
  check_defined(index, op);
  detail::OpScope scope(op, {&index}, {num_classes});
  if (index.dtype() != Dtype::Int64) {
    throw DtypeError("one_hot: expected an int64 tensor of class indices but got " +
                     detail::dname(index.dtype()) + "; convert it first with .to(kt::Int64)");
  }
  if (num_classes < -1) {
    throw ValueError(
        "one_hot: num_classes must be -1 (take the largest index + 1) or at least 0, "
        "got " +
        std::to_string(num_classes));
  }
  const Tensor idx = index.contiguous();
  const int64_t* ip = idx.data<int64_t>();
  const int64_t n = idx.numel();
  if (num_classes == -1) {
    if (n == 0) {
      throw ValueError(
          "one_hot: cannot infer the number of classes from an empty tensor; pass "
          "num_classes");
    }
    num_classes = *std::max_element(ip, ip + n) + 1;
  }
  for (int64_t i = 0; i < n; ++i) {
    if (ip[i] < 0) {
      throw ValueError("one_hot: class values must be non-negative, got " + std::to_string(ip[i]) +
                       " at position " + position_str(index.sizes(), i));
    }
    if (ip[i] >= num_classes) {
      throw ValueError("one_hot: class values must be smaller than num_classes = " +
                       std::to_string(num_classes) + ", got " + std::to_string(ip[i]) +
                       " at position " + position_str(index.sizes(), i));
    }
  }
  Shape out_shape = index.sizes();
  out_shape.push_back(num_classes);
  Tensor out = detail::new_tensor(out_shape, Dtype::Int64, op);
  int64_t* p = out.data<int64_t>();
  std::fill(p, p + n * num_classes, int64_t{0});
  for (int64_t i = 0; i < n; ++i) p[i * num_classes + ip[i]] = 1;
  return scope.ret(std::move(out));
}

}  // namespace kt
