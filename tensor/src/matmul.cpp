// matmul on Eigen's GEMM over strided maps.
//
// Note [matmul without copies]
// Eigen's GEMM packs its operands itself, so it only needs each matrix as a row-major or a
// column-major map with unit inner stride. A contiguous matrix is row-major; a transposed one
// (k.transpose(-2, -1)) is column-major with the same memory; either is passed as is. Only a
// matrix with no unit stride in its last two dims (or overlapping rows) is copied first. Batch
// dims broadcast like PyTorch's: an expanded operand is walked with stride 0, never materialised.
#include <Eigen/Core>

#include "internal.hpp"
#include "kt/ops.hpp"
#include "trace.hpp"

namespace kt {

using detail::check_defined;

namespace {

template <class T, int Order>
using MatMap = Eigen::Map<const Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Order>,
                          Eigen::Unaligned, Eigen::OuterStride<>>;
template <class T>
using OutMap = Eigen::Map<Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>;

/// How a (rows x cols) matrix with these strides can be handed to Eigen without a copy.
enum class Layout { RowMajor, ColMajor, NeedsCopy };

Layout layout_of(int64_t rows, int64_t cols, int64_t row_stride, int64_t col_stride) {
  if ((col_stride == 1 || cols == 1) && (row_stride >= cols || rows == 1)) return Layout::RowMajor;
  if ((row_stride == 1 || rows == 1) && (col_stride >= rows || cols == 1)) return Layout::ColMajor;
  return Layout::NeedsCopy;
}

template <class T, class F>
void with_map(const T* p, int64_t rows, int64_t cols, int64_t rs, int64_t cs, F&& f) {
  if (layout_of(rows, cols, rs, cs) == Layout::RowMajor) {
    f(MatMap<T, Eigen::RowMajor>(p, rows, cols, Eigen::OuterStride<>(rows == 1 ? cols : rs)));
  } else {
    f(MatMap<T, Eigen::ColMajor>(p, rows, cols, Eigen::OuterStride<>(cols == 1 ? rows : cs)));
  }
}

template <class T>
void gemm(const T* a, int64_t ars, int64_t acs, const T* b, int64_t brs, int64_t bcs, T* c,
          int64_t m, int64_t k, int64_t n) {
  OutMap<T> out(c, m, n);
  if (k == 0) {
    out.setZero();
    return;
  }
  with_map(a, m, k, ars, acs, [&](const auto& am) {
    with_map(b, k, n, brs, bcs, [&](const auto& bm) { out.noalias() = am * bm; });
  });
}

/// The matrix part of t (its last two dims) in a layout Eigen can take.
Tensor gemm_ready(const Tensor& t) {
  const int64_t nd = t.dim();
  const auto r = static_cast<size_t>(nd - 2);
  const auto c = static_cast<size_t>(nd - 1);
  const Layout l = layout_of(t.sizes()[r], t.sizes()[c], t.strides()[r], t.strides()[c]);
  return l == Layout::NeedsCopy ? t.contiguous() : t;
}

}  // namespace

Tensor matmul(const Tensor& a, const Tensor& b) {
  check_defined(a, "matmul");
  check_defined(b, "matmul");
  detail::OpScope scope("matmul", {&a, &b});
  if (a.dim() == 0 || b.dim() == 0) {
    throw ShapeError("matmul: both arguments to matmul need to be at least 1D, but they are " +
                     std::to_string(a.dim()) + "D and " + std::to_string(b.dim()) + "D");
  }
  if (a.dtype() != b.dtype()) {
    throw DtypeError("matmul: expected both operands to have the same dtype, but got " +
                     detail::dname(a.dtype()) + " and " + detail::dname(b.dtype()) +
                     "; convert one with .to(...)");
  }
  if (a.dtype() == Dtype::Bool) {
    throw DtypeError("matmul: not implemented for bool tensors; convert with .to(kt::Float64)");
  }
  // (..., m, k) @ (k, n) with a contiguous: one tall GEMM instead of a batch of small ones, as
  // PyTorch folds it (this is every Linear layer).
  if (b.dim() == 2 && a.dim() >= 3 && a.is_contiguous() && a.size(-1) == b.size(0)) {
    Shape out_shape(a.sizes().begin(), a.sizes().end() - 1);
    int64_t rows = 1;
    for (int64_t s : out_shape) rows *= s;
    out_shape.push_back(b.size(1));
    return scope.ret(matmul(a.view({rows, a.size(-1)}), b).view(out_shape));
  }
  const Tensor A = gemm_ready(a.dim() == 1 ? a.unsqueeze(0) : a);
  const Tensor B = gemm_ready(b.dim() == 1 ? b.unsqueeze(-1) : b);
  const int64_t m = A.size(-2);
  const int64_t k = A.size(-1);
  const int64_t n = B.size(-1);
  if (B.size(-2) != k) {
    throw ShapeError("matmul: mat1 and mat2 shapes cannot be multiplied (" + std::to_string(m) +
                     "x" + std::to_string(k) + " and " + std::to_string(B.size(-2)) + "x" +
                     std::to_string(n) + "): the operands have shapes " + shape_str(a.sizes()) +
                     " and " + shape_str(b.sizes()) +
                     ", and the last dim of the first must equal the second-to-last dim of the "
                     "second (one of them transposed, or sliced or shaped to the wrong length?)");
  }
  const Shape batch_a(A.sizes().begin(), A.sizes().end() - 2);
  const Shape batch_b(B.sizes().begin(), B.sizes().end() - 2);
  Shape batch;
  try {
    batch = detail::broadcast_shapes(batch_a, batch_b, "matmul");
  } catch (const ShapeError&) {
    throw ShapeError("matmul: the batch dims " + shape_str(batch_a) + " and " + shape_str(batch_b) +
                     " of shapes " + shape_str(a.sizes()) + " and " + shape_str(b.sizes()) +
                     " do not broadcast; they must be equal or 1 (the last two dims are the "
                     "matrices)");
  }
  Shape a_shape = batch;
  a_shape.insert(a_shape.end(), {m, k});
  Shape b_shape = batch;
  b_shape.insert(b_shape.end(), {k, n});
  Shape out_shape = batch;
  out_shape.insert(out_shape.end(), {m, n});
  const Tensor ea = A.expand(a_shape);
  const Tensor eb = B.expand(b_shape);
  Tensor out = detail::new_tensor(out_shape, a.dtype(), "matmul");

  const size_t nb = batch.size();
  int64_t batches = 1;
  for (int64_t s : batch) batches *= s;
  detail::dispatch(a.dtype(), [&](auto tag) {
    using T = decltype(tag);
    if constexpr (!std::is_same_v<T, bool>) {
      const T* pa = reinterpret_cast<const T*>(detail::bytes(ea));
      const T* pb = reinterpret_cast<const T*>(detail::bytes(eb));
      T* pc = out.template data<T>();
      Shape index(nb, 0);
      for (int64_t i = 0; i < batches; ++i) {
        int64_t oa = 0;
        int64_t ob = 0;
        for (size_t d = 0; d < nb; ++d) {
          oa += index[d] * ea.strides()[d];
          ob += index[d] * eb.strides()[d];
        }
        gemm<T>(pa + oa, ea.strides()[nb], ea.strides()[nb + 1], pb + ob, eb.strides()[nb],
                eb.strides()[nb + 1], pc + i * m * n, m, k, n);
        for (size_t d = nb; d-- > 0;) {
          if (++index[d] < batch[d]) break;
          index[d] = 0;
        }
      }
    }
  });
  if (a.dim() == 1) out = out.squeeze(-2);
  if (b.dim() == 1) out = out.squeeze(-1);
  return scope.ret(std::move(out));
}

}  // namespace kt
