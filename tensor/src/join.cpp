// Joining and repeating: cat, stack, repeat_interleave, Tensor::repeat.
#include "internal.hpp"
#include "kt/ops.hpp"
#include "trace.hpp"

namespace kt {

using detail::check_defined;

Tensor cat(const std::vector<Tensor>& tensors, int64_t dim) {
  if (tensors.empty()) throw ValueError("cat: expected a non-empty list of tensors");
  for (const Tensor& t : tensors) check_defined(t, "cat");
  detail::OpScope scope("cat", {&tensors.front()}, {dim});
  for (size_t i = 0; i < tensors.size(); ++i) {
    if (tensors[i].dim() == 0) {
      throw IndexError("cat: zero-dimensional tensor (at position " + std::to_string(i) +
                       ") cannot be concatenated (tensor of shape [])");
    }
  }
  const Tensor& first = tensors.front();
  const auto d = static_cast<size_t>(detail::wrap_dim(dim, first.dim(), "cat", first.sizes()));
  Dtype dt = first.dtype();
  Shape out_shape = first.sizes();
  out_shape[d] = 0;
  for (size_t i = 0; i < tensors.size(); ++i) {
    const Tensor& t = tensors[i];
    if (t.dim() != first.dim()) {
      throw ShapeError("cat: tensors must have same number of dimensions: got " +
                       std::to_string(first.dim()) + " and " + std::to_string(t.dim()) +
                       " (tensor number " + std::to_string(i) + " has shape " +
                       shape_str(t.sizes()) + ")");
    }
    for (size_t j = 0; j < out_shape.size(); ++j) {
      if (j != d && t.sizes()[j] != first.sizes()[j]) {
        throw ShapeError("cat: sizes of tensors must match except in dimension " +
                         std::to_string(d) + ". Expected size " + std::to_string(first.sizes()[j]) +
                         " but got size " + std::to_string(t.sizes()[j]) + " for tensor number " +
                         std::to_string(i) + " in the list (shapes " + shape_str(first.sizes()) +
                         " and " + shape_str(t.sizes()) + ")");
      }
    }
    out_shape[d] += t.sizes()[d];
    dt = promote_types(dt, t.dtype());
  }
  Tensor out = detail::new_tensor(out_shape, dt, "cat");
  int64_t offset = 0;
  for (const Tensor& t : tensors) {
    const int64_t len = t.sizes()[d];
    out.narrow(static_cast<int64_t>(d), offset, len).copy_(t);
    offset += len;
  }
  return scope.ret(std::move(out));
}

Tensor stack(const std::vector<Tensor>& tensors, int64_t dim) {
  if (tensors.empty()) throw ValueError("stack: expected a non-empty list of tensors");
  for (const Tensor& t : tensors) check_defined(t, "stack");
  detail::OpScope scope("stack", {&tensors.front()}, {dim});
  const Tensor& first = tensors.front();
  const int64_t d = detail::wrap_dim(dim, first.dim() + 1, "stack", first.sizes());
  std::vector<Tensor> parts;
  parts.reserve(tensors.size());
  for (size_t i = 0; i < tensors.size(); ++i) {
    if (tensors[i].sizes() != first.sizes()) {
      throw ShapeError("stack: stack expects each tensor to be equal size, but got " +
                       shape_str(first.sizes()) + " at entry 0 and " +
                       shape_str(tensors[i].sizes()) + " at entry " + std::to_string(i));
    }
    parts.push_back(tensors[i].unsqueeze(d));
  }
  return scope.ret(cat(parts, d));
}

Tensor repeat_interleave(const Tensor& t, int64_t repeats, int64_t dim) {
  check_defined(t, "repeat_interleave");
  detail::OpScope scope("repeat_interleave", {&t}, {repeats, dim});
  if (repeats < 0) {
    throw ValueError("repeat_interleave: repeats can not be negative, got " +
                     std::to_string(repeats));
  }
  // A 0-dim tensor has no dim to repeat along (PyTorch raises an IndexError too).
  const auto d = static_cast<size_t>(
      detail::wrap_dim(dim, t.dim(), "repeat_interleave", t.sizes(), detail::ScalarDim::Refuse));
  // [.., n, ..] -> [.., n, repeats, ..] (expanded, no copy) -> [.., n * repeats, ..]
  Shape expanded = t.sizes();
  expanded.insert(expanded.begin() + static_cast<std::ptrdiff_t>(d) + 1, repeats);
  Shape merged = t.sizes();
  merged[d] *= repeats;
  return scope.ret(t.unsqueeze(static_cast<int64_t>(d) + 1).expand(expanded).reshape(merged));
}

Tensor Tensor::repeat(const Shape& repeats) const {
  check_defined(*this, "repeat");
  detail::OpScope scope("repeat", {this}, repeats);
  if (static_cast<int64_t>(repeats.size()) < dim()) {
    throw ValueError(
        "repeat: number of dimensions of repeat dims can not be smaller than number of dimensions "
        "of tensor (got " +
        std::to_string(repeats.size()) + " repeats for a tensor of shape " + shape_str(sizes()) +
        ")");
  }
  for (int64_t r : repeats) {
    if (r < 0) throw ValueError("repeat: repeats can not be negative, got " + std::to_string(r));
  }
  // [s0, s1, ..] -> [1, s0, 1, s1, ..] -> expanded to [r0, s0, r1, s1, ..] -> [r0*s0, r1*s1, ..]
  const size_t n = repeats.size(), lead = n - static_cast<size_t>(dim());
  Shape split, expanded, merged;
  for (size_t i = 0; i < n; ++i) {
    const int64_t s = i < lead ? 1 : size(static_cast<int64_t>(i - lead));
    split.insert(split.end(), {1, s});
    expanded.insert(expanded.end(), {repeats[i], s});
    merged.push_back(repeats[i] * s);
  }
  return scope.ret(reshape(split).expand(expanded).reshape(merged));
}

}  // namespace kt
