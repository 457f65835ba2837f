// Pointwise ops: arithmetic, comparisons, logic, math functions, where, triu/tril.
#include <Eigen/Core>
#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>

#include "internal.hpp"
#include "kt/factories.hpp"
#include "kt/ops.hpp"
#include "loop.hpp"
#include "trace.hpp"
#include "vmath.hpp"

namespace kt {

using detail::apply;
using detail::check_defined;
using detail::dispatch;

namespace {

enum class Arith { Add, Sub, Mul, Div, Maximum, Minimum };
enum class Compare { Eq, Ne, Lt, Le, Gt, Ge };
enum class Logic { And, Or, Xor };

// Int64 arithmetic wraps around on overflow (as PyTorch's does) instead of being undefined.
int64_t wrap_add(int64_t a, int64_t b) { return int64_t(uint64_t(a) + uint64_t(b)); }
int64_t wrap_sub(int64_t a, int64_t b) { return int64_t(uint64_t(a) - uint64_t(b)); }
int64_t wrap_mul(int64_t a, int64_t b) { return int64_t(uint64_t(a) * uint64_t(b)); }

template <class T>
T arith_one(Arith op, T x, T y) {
  if constexpr (std::is_same_v<T, int64_t>) {
    switch (op) {
      case Arith::Add:
        return wrap_add(x, y);
      case Arith::Sub:
        return wrap_sub(x, y);
      case Arith::Mul:
        return wrap_mul(x, y);
      default:
        break;
    }
  }
  switch (op) {
    case Arith::Add:
      return x + y;
    case Arith::Sub:
      return x - y;
    case Arith::Mul:
      return x * y;
    case Arith::Div:
      return x / y;
    case Arith::Maximum:
      return (x != x || x > y) ? x : y;  // NaN propagates, as in torch.maximum
    case Arith::Minimum:
      break;
  }
  return (x != x || x < y) ? x : y;
}

Tensor arith(const Tensor& a, const Tensor& b, Arith op, const char* name) {
  check_defined(a, name);
  check_defined(b, name);
  detail::OpScope scope(name, {&a, &b});
  Dtype dt = promote_types(a.dtype(), b.dtype());
  if (dt == Dtype::Bool) dt = Dtype::Int64;  // arithmetic on two Bool tensors counts in Int64
  if (op == Arith::Div && !is_floating(dt)) dt = Dtype::Float64;
  const Shape shape = detail::broadcast_shapes(a.sizes(), b.sizes(), name);
  Tensor out = detail::new_tensor(shape, dt, name);
  const Tensor ea = a.to(dt).expand(shape);
  const Tensor eb = b.to(dt).expand(shape);
  dispatch(dt, [&](auto tag) {
    using T = decltype(tag);
    if constexpr (!std::is_same_v<T, bool>) {
      // One loop per op so each inner loop is a plain expression the compiler can vectorise.
      switch (op) {
        case Arith::Add:
          apply<T, T, T>(
              out, [](T x, T y) { return arith_one(Arith::Add, x, y); }, ea, eb);
          break;
        case Arith::Sub:
          apply<T, T, T>(
              out, [](T x, T y) { return arith_one(Arith::Sub, x, y); }, ea, eb);
          break;
        case Arith::Mul:
          apply<T, T, T>(
              out, [](T x, T y) { return arith_one(Arith::Mul, x, y); }, ea, eb);
          break;
        case Arith::Div:
          apply<T, T, T>(
              out, [](T x, T y) { return arith_one(Arith::Div, x, y); }, ea, eb);
          break;
        case Arith::Maximum:
          apply<T, T, T>(
              out, [](T x, T y) { return arith_one(Arith::Maximum, x, y); }, ea, eb);
          break;
        case Arith::Minimum:
          apply<T, T, T>(
              out, [](T x, T y) { return arith_one(Arith::Minimum, x, y); }, ea, eb);
          break;
      }
    }
  });
  return scope.ret(std::move(out));
}

/// The dtype a double scalar takes beside a tensor of dtype t: a floating tensor keeps its dtype;
/// beside Int64 or Bool, a whole number is Int64 and anything else Float64.
Dtype scalar_dtype(Dtype t, double s) {
  if (is_floating(t)) return t;
  const bool whole = std::isfinite(s) && std::trunc(s) == s && std::abs(s) < 9.2e18;
  return whole ? Dtype::Int64 : Dtype::Float64;
}

Tensor scalar_like(const Tensor& t, double s, const char* op) {
  check_defined(t, op);
  return scalar_tensor(s, scalar_dtype(t.dtype(), s));
}

Tensor compare(const Tensor& a, const Tensor& b, Compare op, const char* name) {
  check_defined(a, name);
  check_defined(b, name);
  detail::OpScope scope(name, {&a, &b});
  const Dtype dt = promote_types(a.dtype(), b.dtype());
  const Shape shape = detail::broadcast_shapes(a.sizes(), b.sizes(), name);
  Tensor out = detail::new_tensor(shape, Dtype::Bool, name);
  const Tensor ea = a.to(dt).expand(shape);
  const Tensor eb = b.to(dt).expand(shape);
  dispatch(dt, [&](auto tag) {
    using T = decltype(tag);
    switch (op) {
      case Compare::Eq:
        apply<bool, T, T>(
            out, [](T x, T y) { return x == y; }, ea, eb);
        break;
      case Compare::Ne:
        apply<bool, T, T>(
            out, [](T x, T y) { return x != y; }, ea, eb);
        break;
      case Compare::Lt:
        apply<bool, T, T>(
            out, [](T x, T y) { return x < y; }, ea, eb);
        break;
      case Compare::Le:
        apply<bool, T, T>(
            out, [](T x, T y) { return x <= y; }, ea, eb);
        break;
      case Compare::Gt:
        apply<bool, T, T>(
            out, [](T x, T y) { return x > y; }, ea, eb);
        break;
      case Compare::Ge:
        apply<bool, T, T>(
            out, [](T x, T y) { return x >= y; }, ea, eb);
        break;
    }
  });
  return scope.ret(std::move(out));
}

Tensor logic(const Tensor& a, const Tensor& b, Logic op, const char* name) {
  check_defined(a, name);
  check_defined(b, name);
  detail::OpScope scope(name, {&a, &b});
  if (is_floating(a.dtype()) || is_floating(b.dtype())) {
    throw DtypeError(std::string(name) + ": takes Bool (or Int64) tensors, got " +
                     detail::dname(a.dtype()) + " and " + detail::dname(b.dtype()) +
                     "; compare first (e.g. x > 0) to get a Bool mask");
  }
  const Dtype dt = promote_types(a.dtype(), b.dtype());
  const Shape shape = detail::broadcast_shapes(a.sizes(), b.sizes(), name);
  Tensor out = detail::new_tensor(shape, dt, name);
  const Tensor ea = a.to(dt).expand(shape);
  const Tensor eb = b.to(dt).expand(shape);
  auto run = [&](auto tag) {
    using T = decltype(tag);
    switch (op) {
      case Logic::And:
        apply<T, T, T>(
            out, [](T x, T y) { return T(x & y); }, ea, eb);
        break;
      case Logic::Or:
        apply<T, T, T>(
            out, [](T x, T y) { return T(x | y); }, ea, eb);
        break;
      case Logic::Xor:
        apply<T, T, T>(
            out, [](T x, T y) { return T(x ^ y); }, ea, eb);
        break;
    }
  };
  if (dt == Dtype::Bool) {
    run(bool{});
  } else {
    run(int64_t{});
  }
  return scope.ret(std::move(out));
}

/// Runs kernel(in, out, n) on a contiguous floating copy of t (integer input becomes Float64); the
/// kernel is a generic lambda called with pointers of the element type. out is a new tensor, so it
/// is 64-byte aligned and never overlaps in.
template <class Kernel>
Tensor unary_math(const Tensor& t, const char* name, Kernel&& kernel) {
  check_defined(t, name);
  detail::OpScope scope(name, {&t});
  const Dtype dt = is_floating(t.dtype()) ? t.dtype() : Dtype::Float64;
  const Tensor src = t.to(dt).contiguous();
  Tensor out = detail::new_tensor(t.sizes(), dt, name);
  detail::dispatch_floating(dt, name, [&](auto tag) {
    using T = decltype(tag);
    kernel(src.data<T>(), out.data<T>(), src.numel());
  });
  return scope.ret(std::move(out));
}

/// out[i] = f(in[i]) for a scalar f the compiler vectorises (std::sqrt, std::abs, ...).
template <class T, class F>
void map_elements(const T* in, T* out, int64_t n, F f) {
  for (int64_t i = 0; i < n; ++i) out[i] = f(in[i]);
}

// Note [Eigen's tail]
// Eigen evaluates an array expression in packets and finishes the last n % packet_size elements
// with the scalar function (std::log, std::tanh), which can differ from the packet function in the
// last bit: a value's result would depend on its position in the buffer. eigen_map runs the whole
// buffer in packets: the last elements go through a zero-padded block of kPadded.

/// out = expr(in) for an Eigen array expression, every element computed by the same packet code.
/// out must be 64-byte aligned (a new tensor's data), or Eigen starts with scalar elements.
template <class T, class Expr>
void eigen_map(const T* in, T* out, int64_t n, Expr expr) {
  using Array = Eigen::Array<T, Eigen::Dynamic, 1>;
  constexpr int64_t kPadded = 16;  // 64 bytes of float: a multiple of every packet size
  using Block = Eigen::Array<T, kPadded, 1>;
  const int64_t body = n - n % kPadded;
  Eigen::Map<Array>(out, body) = expr(Eigen::Map<const Array>(in, body));
  if (body == n) return;
  alignas(64) T tail_in[kPadded] = {};
  alignas(64) T tail_out[kPadded] = {};
  std::copy(in + body, in + n, tail_in);
  Eigen::Map<Block, Eigen::Aligned64> padded_out(tail_out);
  padded_out = expr(Eigen::Map<const Block, Eigen::Aligned64>(tail_in));
  std::copy(tail_out, tail_out + (n - body), out + body);
}

/// log through Eigen, whose packet log is within 1 ulp of std::log except for subnormal inputs,
/// which it treats as the smallest normal number (log(5e-324) gave -708.4 instead of -744.4): those
/// few elements are recomputed with std::log.
template <class T>
void log_kernel(const T* in, T* out, int64_t n) {
  constexpr int64_t kChunk = 1024;  // checked for subnormals while still in L1
  for (int64_t start = 0; start < n; start += kChunk) {
    const int64_t len = std::min(kChunk, n - start);
    const T* x = in + start;
    T* y = out + start;
    eigen_map(x, y, len, [](const auto& a) { return a.log(); });
    int subnormal = 0;  // an int, not a bool, so that this loop vectorises
    for (int64_t i = 0; i < len; ++i)
      subnormal |= int(x[i] > T(0)) & int(x[i] < std::numeric_limits<T>::min());
    if (subnormal == 0) continue;
    for (int64_t i = 0; i < len; ++i)
      if (x[i] > T(0) && x[i] < std::numeric_limits<T>::min()) y[i] = std::log(x[i]);
  }
}

/// PyTorch's pow(tensor, scalar): the exponents 0, 1, 2, 3, 0.5, -0.5, -1, -2 are multiplications,
/// sqrt and reciprocals; any other exponent is std::pow in the tensor's dtype. (Eigen's vectorised
/// pow gave pow(-inf, 3) = +inf and pow(-0, -1) = +inf, and was off by up to 4 ulp.)
template <class T>
void pow_kernel(const T* in, T* out, int64_t n, double exponent) {
  const auto map = [&](auto f) { map_elements(in, out, n, f); };
  if (exponent == 0) {
    map([](T) { return T(1); });
  } else if (exponent == 1) {
    map([](T x) { return x; });
  } else if (exponent == 2) {
    map([](T x) { return x * x; });
  } else if (exponent == 3) {
    map([](T x) { return x * x * x; });
  } else if (exponent == 0.5) {
    map([](T x) { return std::sqrt(x); });
  } else if (exponent == -0.5) {
    map([](T x) { return T(1) / std::sqrt(x); });
  } else if (exponent == -1) {
    map([](T x) { return T(1) / x; });
  } else if (exponent == -2) {
    map([](T x) { return T(1) / (x * x); });
  } else {
    map([e = static_cast<T>(exponent)](T x) { return std::pow(x, e); });
  }
}

template <class F>
Tensor predicate(const Tensor& t, const char* name, F&& fn) {
  check_defined(t, name);
  detail::OpScope scope(name, {&t});
  Tensor out = detail::new_tensor(t.sizes(), Dtype::Bool, name);
  dispatch(t.dtype(), [&](auto tag) {
    using T = decltype(tag);
    apply<bool, T>(
        out, [&](T x) { return fn(static_cast<double>(x)); }, t);
  });
  return scope.ret(std::move(out));
}

Tensor triangle(const Tensor& t, int64_t diagonal, bool upper, const char* name) {
  check_defined(t, name);
  detail::OpScope scope(name, {&t}, {diagonal});
  if (t.dim() < 2) {
    throw ShapeError(std::string(name) +
                     ": input tensor must have at least 2 dimensions, got shape " +
                     shape_str(t.sizes()));
  }
  Tensor out = t.clone();
  const int64_t rows = t.size(-2);
  const int64_t cols = t.size(-1);
  const int64_t batches = rows * cols == 0 ? 0 : t.numel() / (rows * cols);
  dispatch(t.dtype(), [&](auto tag) {
    using T = decltype(tag);
    T* p = out.data<T>();
    for (int64_t b = 0; b < batches; ++b) {
      for (int64_t i = 0; i < rows; ++i) {
        for (int64_t j = 0; j < cols; ++j) {
          const bool keep = upper ? (j - i >= diagonal) : (j - i <= diagonal);
          if (!keep) p[(b * rows + i) * cols + j] = T(0);
        }
      }
    }
  });
  return scope.ret(std::move(out));
}

}  // namespace

// ---- arithmetic
// ----------------------------------------------------------------------------------
Tensor operator+(const Tensor& a, const Tensor& b) { return arith(a, b, Arith::Add, "add"); }
Tensor operator-(const Tensor& a, const Tensor& b) { return arith(a, b, Arith::Sub, "sub"); }
Tensor operator*(const Tensor& a, const Tensor& b) { return arith(a, b, Arith::Mul, "mul"); }
Tensor operator/(const Tensor& a, const Tensor& b) { return arith(a, b, Arith::Div, "div"); }
Tensor operator+(const Tensor& a, double b) { return a + scalar_like(a, b, "add"); }
Tensor operator-(const Tensor& a, double b) { return a - scalar_like(a, b, "sub"); }
Tensor operator*(const Tensor& a, double b) { return a * scalar_like(a, b, "mul"); }
Tensor operator/(const Tensor& a, double b) { return a / scalar_like(a, b, "div"); }
Tensor operator+(double a, const Tensor& b) { return scalar_like(b, a, "add") + b; }
Tensor operator-(double a, const Tensor& b) { return scalar_like(b, a, "sub") - b; }
Tensor operator*(double a, const Tensor& b) { return scalar_like(b, a, "mul") * b; }
Tensor operator/(double a, const Tensor& b) { return scalar_like(b, a, "div") / b; }
Tensor operator-(const Tensor& a) {
  check_defined(a, "neg");
  if (a.dtype() == Dtype::Bool) {
    throw DtypeError(
        "neg: negation, the `-` operator, on a Bool tensor is not supported; use ~ "
        "to invert a mask");
  }
  return scalar_tensor(0.0, a.dtype()) - a;
}
Tensor maximum(const Tensor& a, const Tensor& b) { return arith(a, b, Arith::Maximum, "maximum"); }
Tensor minimum(const Tensor& a, const Tensor& b) { return arith(a, b, Arith::Minimum, "minimum"); }

// ---- comparisons
// ---------------------------------------------------------------------------------
#define KT_COMPARE(OPERATOR, KIND, NAME)                             \
  Tensor operator OPERATOR(const Tensor& a, const Tensor& b) {       \
    return compare(a, b, Compare::KIND, NAME);                       \
  }                                                                  \
  Tensor operator OPERATOR(const Tensor& a, double b) {              \
    return compare(a, scalar_like(a, b, NAME), Compare::KIND, NAME); \
  }                                                                  \
  Tensor operator OPERATOR(double a, const Tensor& b) {              \
    return compare(scalar_like(b, a, NAME), b, Compare::KIND, NAME); \
  }
KT_COMPARE(==, Eq, "eq")
KT_COMPARE(!=, Ne, "ne")
KT_COMPARE(<, Lt, "lt")
KT_COMPARE(<=, Le, "le")
KT_COMPARE(>, Gt, "gt")
KT_COMPARE(>=, Ge, "ge")
#undef KT_COMPARE

// ---- logic
// ---------------------------------------------------------------------------------------
Tensor operator~(const Tensor& a) {
  check_defined(a, "bitwise_not");
  detail::OpScope scope("bitwise_not", {&a});
  if (is_floating(a.dtype())) {
    throw DtypeError("bitwise_not: ~ takes a Bool (or Int64) tensor, got " +
                     detail::dname(a.dtype()) + "; compare first (e.g. x > 0) to get a Bool mask");
  }
  Tensor out = detail::new_tensor(a.sizes(), a.dtype(), "bitwise_not");
  if (a.dtype() == Dtype::Bool) {
    apply<bool, bool>(
        out, [](bool x) { return !x; }, a);
  } else {
    apply<int64_t, int64_t>(
        out, [](int64_t x) { return ~x; }, a);
  }
  return scope.ret(std::move(out));
}
Tensor operator&(const Tensor& a, const Tensor& b) {
  return logic(a, b, Logic::And, "bitwise_and");
}
Tensor operator|(const Tensor& a, const Tensor& b) { return logic(a, b, Logic::Or, "bitwise_or"); }
Tensor operator^(const Tensor& a, const Tensor& b) {
  return logic(a, b, Logic::Xor, "bitwise_xor");
}

// ---- math
// ----------------------------------------------------------------------------------------
Tensor exp(const Tensor& t) {
  return unary_math(t, "exp",
                    [](const auto* in, auto* out, int64_t n) { detail::exp_n(in, out, n); });
}
Tensor log(const Tensor& t) {
  return unary_math(t, "log", [](const auto* in, auto* out, int64_t n) { log_kernel(in, out, n); });
}
Tensor sqrt(const Tensor& t) {
  // Correctly rounded (the sqrt instruction); Eigen's fast-math packet sqrt gave NaN for +inf, 0
  // for subnormals and was off by up to 3 ulp.
  return unary_math(t, "sqrt", [](const auto* in, auto* out, int64_t n) {
    map_elements(in, out, n, [](auto x) { return std::sqrt(x); });
  });
}
Tensor tanh(const Tensor& t) {
  // Eigen: a rational approximation for float32 (exact at 0, +-inf and NaN, up to 5 ulp between),
  // std::tanh for float64.
  return unary_math(t, "tanh", [](const auto* in, auto* out, int64_t n) {
    eigen_map(in, out, n, [](const auto& a) { return a.tanh(); });
  });
}
// Note [sigmoid and silu]
// PyTorch's formulas, element by element with std::exp: sigmoid(x) = 1 / (1 + exp(-x)) and
// silu(x) = x / (1 + exp(-x)). Both are exact at the ends: exp(-x) overflows to inf for x far
// below 0, giving sigmoid 0 and silu -0 (and silu(-inf) = -inf / inf = NaN, as in PyTorch), and
// underflows to 0 for x far above, giving 1 and x.
Tensor sigmoid(const Tensor& t) {
  return unary_math(t, "sigmoid", [](const auto* in, auto* out, int64_t n) {
    map_elements(in, out, n,
                 [](auto x) { return decltype(x)(1) / (decltype(x)(1) + std::exp(-x)); });
  });
}
Tensor silu(const Tensor& t) {
  return unary_math(t, "silu", [](const auto* in, auto* out, int64_t n) {
    map_elements(in, out, n, [](auto x) { return x / (decltype(x)(1) + std::exp(-x)); });
  });
}
Tensor rsqrt(const Tensor& t) {
  // 1 / sqrt(x), both correctly rounded: rsqrt(0) = inf, rsqrt(-0) = -inf, rsqrt(x < 0) = NaN.
  return unary_math(t, "rsqrt", [](const auto* in, auto* out, int64_t n) {
    map_elements(in, out, n, [](auto x) { return decltype(x)(1) / std::sqrt(x); });
  });
}
// Note [sin and cos]
// std::sin and std::cos element by element, not Eigen's packet versions: those trade accuracy for
// speed on large arguments, and a kata's angles reach thousands of radians (RoPE's first frequency
// turns one radian per position). With the C library's functions a value's result is the same
// wherever it sits in the buffer and whatever the build's vector width.
Tensor sin(const Tensor& t) {
  return unary_math(t, "sin", [](const auto* in, auto* out, int64_t n) {
    map_elements(in, out, n, [](auto x) { return std::sin(x); });
  });
}
Tensor cos(const Tensor& t) {
  return unary_math(t, "cos", [](const auto* in, auto* out, int64_t n) {
    map_elements(in, out, n, [](auto x) { return std::cos(x); });
  });
}
Tensor pow(const Tensor& t, double exponent) {
  return unary_math(t, "pow", [exponent](const auto* in, auto* out, int64_t n) {
    pow_kernel(in, out, n, exponent);
  });
}
Tensor abs(const Tensor& t) {
  check_defined(t, "abs");
  if (is_floating(t.dtype())) {
    return unary_math(t, "abs", [](const auto* in, auto* out, int64_t n) {
      map_elements(in, out, n, [](auto x) { return std::abs(x); });
    });
  }
  detail::OpScope scope("abs", {&t});
  Tensor out = detail::new_tensor(t.sizes(), t.dtype(), "abs");
  if (t.dtype() == Dtype::Bool) {
    apply<bool, bool>(
        out, [](bool x) { return x; }, t);
  } else {
    apply<int64_t, int64_t>(
        out, [](int64_t x) { return x < 0 ? wrap_sub(0, x) : x; }, t);
  }
  return scope.ret(std::move(out));
}

Tensor isnan(const Tensor& t) {
  return predicate(t, "isnan", [](double x) { return std::isnan(x); });
}
Tensor isinf(const Tensor& t) {
  return predicate(t, "isinf", [](double x) { return std::isinf(x); });
}
Tensor isfinite(const Tensor& t) {
  return predicate(t, "isfinite", [](double x) { return std::isfinite(x); });
}

// ---- where (masked_fill is in tensor.cpp, beside masked_fill_)
// ------------------------------------------------------
Tensor where(const Tensor& cond, const Tensor& a, const Tensor& b) {
  check_defined(cond, "where");
  check_defined(a, "where");
  check_defined(b, "where");
  detail::OpScope scope("where", {&cond, &a, &b});
  if (cond.dtype() != Dtype::Bool) {
    throw DtypeError("where: expected a Bool condition but got " + detail::dname(cond.dtype()) +
                     " (shape " + shape_str(cond.sizes()) + "); build it with a comparison");
  }
  const Dtype dt = promote_types(a.dtype(), b.dtype());
  const Shape shape = detail::broadcast_shapes(
      detail::broadcast_shapes(cond.sizes(), a.sizes(), "where"), b.sizes(), "where");
  Tensor out = detail::new_tensor(shape, dt, "where");
  dispatch(dt, [&](auto tag) {
    using T = decltype(tag);
    apply<T, bool, T, T>(
        out, [](bool c, T x, T y) { return c ? x : y; }, cond.expand(shape), a.to(dt).expand(shape),
        b.to(dt).expand(shape));
  });
  return scope.ret(std::move(out));
}
Tensor where(const Tensor& cond, const Tensor& a, double b) {
  return where(cond, a, scalar_like(a, b, "where"));
}
Tensor where(const Tensor& cond, double a, const Tensor& b) {
  return where(cond, scalar_like(b, a, "where"), b);
}

Tensor triu(const Tensor& t, int64_t diagonal) { return triangle(t, diagonal, true, "triu"); }
Tensor tril(const Tensor& t, int64_t diagonal) { return triangle(t, diagonal, false, "tril"); }

// ---- torch.logical_* and nan_to_num ------------------------------------------------------------
Tensor logical_not(const Tensor& a) {
  check_defined(a, "logical_not");
  return ~(a.to(Dtype::Bool));
}
Tensor logical_and(const Tensor& a, const Tensor& b) {
  check_defined(a, "logical_and");
  check_defined(b, "logical_and");
  return a.to(Dtype::Bool) & b.to(Dtype::Bool);
}
Tensor logical_or(const Tensor& a, const Tensor& b) {
  check_defined(a, "logical_or");
  check_defined(b, "logical_or");
  return a.to(Dtype::Bool) | b.to(Dtype::Bool);
}

Tensor nan_to_num(const Tensor& t, double nan) {
  check_defined(t, "nan_to_num");
  if (!is_floating(t.dtype())) return t.clone();
  const FloatInfo info = finfo(t.dtype());
  return nan_to_num(t, nan, info.max, info.min);
}

Tensor nan_to_num(const Tensor& t, double nan, double posinf, double neginf) {
  check_defined(t, "nan_to_num");
  detail::OpScope scope("nan_to_num", {&t});
  Tensor out = detail::new_tensor(t.sizes(), t.dtype(), "nan_to_num");
  dispatch(t.dtype(), [&](auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_floating_point_v<T>) {
      const T n = T(nan), p = T(posinf), m = T(neginf);
      apply<T, T>(
          out, [=](T x) { return x != x ? n : (std::isinf(x) ? (x > 0 ? p : m) : x); }, t);
    } else {
      apply<T, T>(
          out, [](T x) { return x; }, t);
    }
  });
  return scope.ret(std::move(out));
}

}  // namespace kt
