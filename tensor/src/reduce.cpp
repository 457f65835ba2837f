// Reductions over one dim or over everything, and softmax / log_softmax.
//
// Note [reducing over rows]
// Every reduction here moves the reduced dim to the end and makes the data contiguous (no copy when
// it already is, the common case of dim = -1), so the work is a loop over contiguous rows that
// Eigen vectorises. Results come out contiguous in the input's dim order.
#include <Eigen/Core>
#include <cmath>
#include <limits>
#include <numeric>

#include "internal.hpp"
#include "kt/factories.hpp"
#include "kt/ops.hpp"
#include "trace.hpp"
#include "vmath.hpp"

namespace kt {

using detail::check_defined;
using detail::dispatch;

namespace {

template <class T>
using ConstRow = Eigen::Map<const Eigen::Array<T, Eigen::Dynamic, 1>>;
template <class T>
using Row = Eigen::Map<Eigen::Array<T, Eigen::Dynamic, 1>>;

/// The input laid out as `rows` contiguous rows of `len` elements, the reduced dim last.
struct Rows {
  Tensor data;
  int64_t rows = 1;
  int64_t len = 1;
  Shape out_shape;  // the result's shape
  Shape perm;       // how data's dims map to the input's (empty for a full reduction)
};

Rows rows_along(const Tensor& t, int64_t dim, bool keepdim, const char* op) {
  Rows r;
  const int64_t nd = t.dim();
  const int64_t d = detail::wrap_dim(dim, nd, op, t.sizes());
  if (nd == 0) {
    r.data = t.contiguous();
    return r;
  }
  for (int64_t i = 0; i < nd; ++i)
    if (i != d) r.perm.push_back(i);
  r.perm.push_back(d);
  r.data = t.permute(r.perm).contiguous();
  r.len = t.size(d);
  r.rows = 1;
  for (int64_t i = 0; i < nd; ++i) {
    if (i == d) {
      if (keepdim) r.out_shape.push_back(1);
      continue;
    }
    r.rows *= t.size(i);
    r.out_shape.push_back(t.size(i));
  }
  return r;
}

Rows rows_all(const Tensor& t) {
  Rows r;
  r.data = t.contiguous();
  r.len = t.numel();
  return r;
}

/// PyTorch's check (an IndexError there too) for amax / amin / max / min / argmax over a dim of
/// size 0, even when the result would be empty.
void check_nonempty(const Rows& r, const Tensor& t, int64_t dim, const char* op) {
  if (r.len == 0) {
    throw IndexError(std::string(op) + ": expected reduction dim " + std::to_string(dim) +
                     " to have non-zero size (shape " + shape_str(t.sizes()) +
                     "); there is no maximum or minimum of nothing");
  }
}

enum class Kind { Sum, Mean, Amax, Amin, Any, All };

Dtype result_dtype(Kind kind, Dtype in, const char* op) {
  switch (kind) {
    case Kind::Sum:
      return in == Dtype::Bool ? Dtype::Int64 : in;
    case Kind::Mean:
      if (!is_floating(in)) {
        throw DtypeError(std::string(op) +
                         ": could not infer output dtype. Input dtype must be a floating point "
                         "dtype, got " +
                         detail::dname(in) + "; convert first with .to(kt::Float64)");
      }
      return in;
    case Kind::Amax:
    case Kind::Amin:
      return in;
    case Kind::Any:
    case Kind::All:
      break;
  }
  return Dtype::Bool;
}

template <class T>
T max_of(const T* p, int64_t n) {
  if constexpr (std::is_floating_point_v<T>) {
    return ConstRow<T>(p, n).template maxCoeff<Eigen::PropagateNaN>();
  } else {
    return *std::max_element(p, p + n);
  }
}

template <class T>
T min_of(const T* p, int64_t n) {
  if constexpr (std::is_floating_point_v<T>) {
    return ConstRow<T>(p, n).template minCoeff<Eigen::PropagateNaN>();
  } else {
    return *std::min_element(p, p + n);
  }
}

Tensor reduce(const Rows& r, Kind kind, const char* op) {
  const Dtype in = r.data.dtype();
  const Dtype out_dt = result_dtype(kind, in, op);
  Tensor out = detail::new_tensor(r.out_shape, out_dt, op);
  dispatch(in, [&](auto tag) {
    using T = decltype(tag);
    const T* src = r.data.template data<T>();
    for (int64_t i = 0; i < r.rows; ++i) {
      const T* row = src + i * r.len;
      switch (kind) {
        case Kind::Sum:
        case Kind::Mean:
          if constexpr (std::is_floating_point_v<T>) {
            T s = r.len == 0 ? T(0) : ConstRow<T>(row, r.len).sum();
            if (kind == Kind::Mean) s = s / static_cast<T>(r.len);
            out.template data<T>()[i] = s;
          } else {
            uint64_t s = 0;  // wraps on overflow instead of being undefined
            for (int64_t j = 0; j < r.len; ++j) s += static_cast<uint64_t>(row[j]);
            out.template data<int64_t>()[i] = static_cast<int64_t>(s);
          }
          break;
        case Kind::Amax:
          out.template data<T>()[i] = max_of(row, r.len);
          break;
        case Kind::Amin:
          out.template data<T>()[i] = min_of(row, r.len);
          break;
        case Kind::Any:
          out.template data<bool>()[i] =
              std::any_of(row, row + r.len, [](T v) { return v != T(0); });
          break;
        case Kind::All:
          out.template data<bool>()[i] =
              std::all_of(row, row + r.len, [](T v) { return v != T(0); });
          break;
      }
    }
  });
  return out;
}

Tensor reduce_dim(const Tensor& t, int64_t dim, bool keepdim, Kind kind, const char* op) {
  check_defined(t, op);
  detail::OpScope scope(op, {&t}, {dim, keepdim ? 1 : 0});
  const Rows r = rows_along(t, dim, keepdim, op);
  if (kind == Kind::Amax || kind == Kind::Amin) check_nonempty(r, t, dim, op);
  return scope.ret(reduce(r, kind, op));
}

Tensor reduce_all(const Tensor& t, Kind kind, const char* op) {
  check_defined(t, op);
  detail::OpScope scope(op, {&t});
  const Rows r = rows_all(t);
  if ((kind == Kind::Amax || kind == Kind::Amin) && r.len == 0) {
    throw ShapeError(std::string(op) + ": expected a non-empty tensor (shape " +
                     shape_str(t.sizes()) + "); there is no maximum or minimum of nothing");
  }
  return scope.ret(reduce(r, kind, op));
}

ValuesIndices arg_reduce(const Tensor& t, int64_t dim, bool keepdim, bool want_max,
                         const char* op) {
  check_defined(t, op);
  detail::OpScope scope(op, {&t}, {dim, keepdim ? 1 : 0});
  const Rows r = rows_along(t, dim, keepdim, op);
  check_nonempty(r, t, dim, op);
  ValuesIndices res{detail::new_tensor(r.out_shape, t.dtype(), op),
                    detail::new_tensor(r.out_shape, Dtype::Int64, op)};
  dispatch(t.dtype(), [&](auto tag) {
    using T = decltype(tag);
    const T* src = r.data.template data<T>();
    for (int64_t i = 0; i < r.rows; ++i) {
      const T* row = src + i * r.len;
      int64_t best = 0;
      for (int64_t j = 1; j < r.len; ++j) {
        const T v = row[j];
        const T b = row[best];
        const bool v_nan = v != v;  // a NaN wins (and the first NaN stays), as in PyTorch
        const bool b_nan = b != b;
        if (b_nan) break;
        if (v_nan || (want_max ? v > b : v < b)) best = j;
      }
      res.values.template data<T>()[i] = row[best];
      res.indices.template data<int64_t>()[i] = best;
    }
  });
  scope.ret(res.values);
  return res;
}

/// Puts a result computed in `perm` dim order back into the input's order, contiguous.
Tensor unpermute(const Tensor& out, const Shape& perm) {
  Shape inverse(perm.size());
  for (size_t i = 0; i < perm.size(); ++i) inverse[static_cast<size_t>(perm[i])] = int64_t(i);
  return out.permute(inverse).contiguous();
}

template <bool Log>
Tensor softmax_impl(const Tensor& t, int64_t dim, const char* op) {
  check_defined(t, op);
  detail::OpScope scope(op, {&t}, {dim});
  const Rows r = rows_along(t, dim, true, op);
  Tensor out = detail::new_tensor(r.data.sizes(), t.dtype(), op);
  detail::dispatch_floating(t.dtype(), op, [&](auto tag) {
    using T = decltype(tag);
    const T* src = r.data.template data<T>();
    T* dst = out.template data<T>();
    for (int64_t i = 0; i < r.rows; ++i) {
      const ConstRow<T> x(src + i * r.len, r.len);
      Row<T> y(dst + i * r.len, r.len);
      if (r.len == 0) continue;
      // Subtracting the row maximum keeps exp() from overflowing; a row of -inf gives
      // -inf - (-inf) = NaN, exactly as PyTorch does.
      const T m = x.template maxCoeff<Eigen::PropagateNaN>();
      // detail::exp_n, not Eigen's exp: see Note [exp without Eigen] (a masked weight is 0).
      detail::exp_n(src + i * r.len, dst + i * r.len, r.len, m);
      const T s = y.sum();
      if constexpr (Log) {
        y = (x - m) - std::log(s);
      } else {
        y = y / s;
      }
    }
  });
  if (r.perm.empty() || r.perm.back() == static_cast<int64_t>(r.perm.size()) - 1) {
    return scope.ret(out.view(t.sizes()));
  }
  return scope.ret(unpermute(out, r.perm));
}

/// The variance of each row (Note [reducing over rows]), two passes in double: the mean, then the
/// squared deviations from it; divided by len - 1 when unbiased.
Tensor var_impl(const Tensor& t, int64_t dim, bool unbiased, bool keepdim) {
  const char* op = "var";
  check_defined(t, op);
  detail::OpScope scope(op, {&t}, {dim, unbiased ? 1 : 0, keepdim ? 1 : 0});
  const Rows r = rows_along(t, dim, keepdim, op);
  Tensor out = detail::new_tensor(r.out_shape, t.dtype(), op);
  detail::dispatch_floating(t.dtype(), op, [&](auto tag) {
    using T = decltype(tag);
    const T* src = r.data.template data<T>();
    const auto divisor = static_cast<double>(r.len) - (unbiased ? 1.0 : 0.0);
    for (int64_t i = 0; i < r.rows; ++i) {
      const T* row = src + i * r.len;
      double mean = 0;
      for (int64_t j = 0; j < r.len; ++j) mean += static_cast<double>(row[j]);
      mean /= static_cast<double>(r.len);
      double squares = 0;
      for (int64_t j = 0; j < r.len; ++j) {
        const double d = static_cast<double>(row[j]) - mean;
        squares += d * d;
      }
      // PyTorch gives NaN (and a warning) when the divisor is not positive.
      const double v = divisor > 0 ? squares / divisor : std::numeric_limits<double>::quiet_NaN();
      out.template data<T>()[i] = static_cast<T>(v);
    }
  });
  return scope.ret(std::move(out));
}

/// log(sum(exp(row))) for each row, the row's maximum taken out first unless it is infinite (then
/// nothing is: a row of -inf gives log(0) = -inf, a row with +inf gives +inf), as in PyTorch.
Tensor logsumexp_impl(const Tensor& t, int64_t dim, bool keepdim) {
  const char* op = "logsumexp";
  check_defined(t, op);
  detail::OpScope scope(op, {&t}, {dim, keepdim ? 1 : 0});
  const Tensor x = is_floating(t.dtype()) ? t : t.to(Dtype::Float64);
  const Rows r = rows_along(x, dim, keepdim, op);
  Tensor out = detail::new_tensor(r.out_shape, x.dtype(), op);
  detail::dispatch_floating(x.dtype(), op, [&](auto tag) {
    using T = decltype(tag);
    const T* src = r.data.template data<T>();
    for (int64_t i = 0; i < r.rows; ++i) {
      const T* row = src + i * r.len;
      double m = r.len == 0 ? -std::numeric_limits<double>::infinity()
                            : static_cast<double>(max_of(row, r.len));
      if (std::isinf(m)) m = 0;
      double s = 0;
      for (int64_t j = 0; j < r.len; ++j) s += std::exp(static_cast<double>(row[j]) - m);
      out.template data<T>()[i] = static_cast<T>(m + std::log(s));
    }
  });
  return scope.ret(std::move(out));
}

}  // namespace

Tensor sum(const Tensor& t) { return reduce_all(t, Kind::Sum, "sum"); }
Tensor sum(const Tensor& t, int64_t dim, bool keepdim) {
  return reduce_dim(t, dim, keepdim, Kind::Sum, "sum");
}
Tensor mean(const Tensor& t) { return reduce_all(t, Kind::Mean, "mean"); }
Tensor mean(const Tensor& t, int64_t dim, bool keepdim) {
  return reduce_dim(t, dim, keepdim, Kind::Mean, "mean");
}
Tensor amax(const Tensor& t) { return reduce_all(t, Kind::Amax, "amax"); }
Tensor amax(const Tensor& t, int64_t dim, bool keepdim) {
  return reduce_dim(t, dim, keepdim, Kind::Amax, "amax");
}
Tensor amin(const Tensor& t) { return reduce_all(t, Kind::Amin, "amin"); }
Tensor amin(const Tensor& t, int64_t dim, bool keepdim) {
  return reduce_dim(t, dim, keepdim, Kind::Amin, "amin");
}
Tensor max(const Tensor& t) { return reduce_all(t, Kind::Amax, "max"); }
ValuesIndices max(const Tensor& t, int64_t dim, bool keepdim) {
  return arg_reduce(t, dim, keepdim, true, "max");
}
Tensor min(const Tensor& t) { return reduce_all(t, Kind::Amin, "min"); }
ValuesIndices min(const Tensor& t, int64_t dim, bool keepdim) {
  return arg_reduce(t, dim, keepdim, false, "min");
}
Tensor argmax(const Tensor& t, int64_t dim, bool keepdim) {
  return arg_reduce(t, dim, keepdim, true, "argmax").indices;
}
Tensor any(const Tensor& t) { return reduce_all(t, Kind::Any, "any"); }
Tensor any(const Tensor& t, int64_t dim, bool keepdim) {
  return reduce_dim(t, dim, keepdim, Kind::Any, "any");
}
Tensor all(const Tensor& t) { return reduce_all(t, Kind::All, "all"); }
Tensor all(const Tensor& t, int64_t dim, bool keepdim) {
  return reduce_dim(t, dim, keepdim, Kind::All, "all");
}

Tensor var(const Tensor& t, int64_t dim, bool unbiased, bool keepdim) {
  return var_impl(t, dim, unbiased, keepdim);
}
Tensor logsumexp(const Tensor& t, int64_t dim, bool keepdim) {
  return logsumexp_impl(t, dim, keepdim);
}

Tensor softmax(const Tensor& t, int64_t dim) { return softmax_impl<false>(t, dim, "softmax"); }
Tensor log_softmax(const Tensor& t, int64_t dim) {
  return softmax_impl<true>(t, dim, "log_softmax");
}

}  // namespace kt
