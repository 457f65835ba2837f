// exp, log, sqrt, tanh, sin, cos, pow against the C library, at special values and at every
// position of a buffer (vectorised code handles most elements, so a value's position must not
// change its result).
#include <rapidcheck/catch.h>

#include <bit>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "kt/tensor.hpp"

namespace {

template <class T>
using Bits = std::conditional_t<sizeof(T) == 8, int64_t, int32_t>;

/// Distance in units in the last place: how many representable numbers lie between a and b (+0
/// and -0 are one apart). Both must be non-NaN.
template <class T>
uint64_t ulp_distance(T a, T b) {
  // Bit patterns mapped to integers in the order of the values they encode.
  auto ordered = [](T v) {
    const auto bits = static_cast<int64_t>(std::bit_cast<Bits<T>>(v));
    return bits < 0 ? static_cast<int64_t>(std::numeric_limits<Bits<T>>::min()) - bits : bits;
  };
  const int64_t x = ordered(a);
  const int64_t y = ordered(b);
  // In unsigned arithmetic: +inf and -inf are further apart than an int64 can count.
  return x > y ? uint64_t(x) - uint64_t(y) : uint64_t(y) - uint64_t(x);
}

template <class T>
kt::Dtype dtype_of() {
  return sizeof(T) == 8 ? kt::Float64 : kt::Float32;
}

/// A uniform value in [lo, hi].
template <class T>
rc::Gen<T> uniform(double lo, double hi) {
  return rc::gen::map(rc::gen::inRange<int64_t>(0, int64_t{1} << 30), [lo, hi](int64_t i) {
    return static_cast<T>(lo + (hi - lo) * double(i) / double(int64_t{1} << 30));
  });
}

/// Values where vectorised math goes wrong: infinities, NaN, signed zeros, subnormals, the limits,
/// the ranges where exp underflows into subnormals and overflows, ordinary values and arbitrary bit
/// patterns.
template <class T>
rc::Gen<T> interesting_value() {
  using L = std::numeric_limits<T>;
  const bool f64 = sizeof(T) == 8;
  const std::vector<T> specials = {L::infinity(), -L::infinity(),  L::quiet_NaN(),   T(0),
                                   T(-0.0),       L::denorm_min(), -L::denorm_min(), L::min(),
                                   -L::min(),     L::max(),        L::lowest(),      T(1),
                                   T(-1)};
  using UBits = std::make_unsigned_t<Bits<T>>;
  constexpr int kMantissa = L::digits - 1;
  return rc::gen::oneOf(
      rc::gen::elementOf(specials),
      // subnormals of either sign
      rc::gen::map(rc::gen::pair(rc::gen::inRange<UBits>(1, UBits{1} << kMantissa),
                                 rc::gen::arbitrary<bool>()),
                   [](std::pair<UBits, bool> p) {
                     const T v = std::bit_cast<T>(p.first);
                     return p.second ? -v : v;
                   }),
      uniform<T>(f64 ? -750.0 : -110.0, f64 ? -700.0 : -85.0),  // exp underflows
      uniform<T>(f64 ? 700.0 : 85.0, f64 ? 712.0 : 90.0),       // exp overflows
      uniform<T>(-50.0, 50.0), uniform<T>(-1.0, 1.0),
      rc::gen::map(rc::gen::arbitrary<UBits>(), [](UBits b) { return std::bit_cast<T>(b); }));
}

/// A 1-D tensor of interesting values, seen as itself, from an offset, or with a stride, so that
/// each value can land on any lane of a vector register and in the scalar tail.
template <class T>
kt::Tensor interesting_tensor() {
  const auto values = *rc::gen::container<std::vector<T>>(interesting_value<T>()).as("values");
  const kt::Tensor base = kt::from_vector(values, {int64_t(values.size())});
  const auto n = static_cast<int64_t>(values.size());
  switch (*rc::gen::inRange(0, 3).as("layout: 0 whole, 1 from an offset, 2 strided")) {
    case 1:
      return base.slice(0, *rc::gen::inRange<int64_t>(0, n + 1).as("offset"));
    case 2:
      return base.slice(0, *rc::gen::inRange<int64_t>(0, n + 1).as("offset"),
                        std::numeric_limits<int64_t>::max(),
                        *rc::gen::inRange<int64_t>(2, 4).as("step"));
    default:
      return base;
  }
}

/// Asserts f(t) is within max_ulp of reference at every element (NaN exactly where reference is).
template <class T, class F, class Ref>
void check_against(const kt::Tensor& t, F f, Ref reference, uint64_t max_ulp) {
  const std::vector<T> in = t.to_vector<T>();
  const kt::Tensor result = f(t);
  RC_ASSERT(result.dtype() == t.dtype());
  RC_ASSERT(result.sizes() == t.sizes());
  const std::vector<T> out = result.to_vector<T>();
  for (size_t i = 0; i < in.size(); ++i) {
    const T want = reference(in[i]);
    if (std::isnan(want)) {
      RC_ASSERT(std::isnan(out[i]));
    } else {
      RC_ASSERT(!std::isnan(out[i]));
      RC_ASSERT(ulp_distance(out[i], want) <= max_ulp);
    }
  }
}

template <class T>
void exp_matches_std() {
  check_against<T>(
      interesting_tensor<T>(), [](const kt::Tensor& x) { return kt::exp(x); },
      [](T v) { return std::exp(v); }, 1);
}

template <class T>
void log_matches_std() {
  check_against<T>(
      interesting_tensor<T>(), [](const kt::Tensor& x) { return kt::log(x); },
      [](T v) { return std::log(v); }, 1);
}

template <class T>
void sqrt_matches_std() {
  check_against<T>(
      interesting_tensor<T>(), [](const kt::Tensor& x) { return kt::sqrt(x); },
      [](T v) { return std::sqrt(v); }, 0);
}

/// f of n copies of one value gives n identical results (compared bit for bit).
template <class T>
void same_bits_at_every_position(kt::Tensor (*f)(const kt::Tensor&)) {
  const T v = *interesting_value<T>().as("value");
  const auto n = *rc::gen::inRange<int64_t>(1, 80).as("length");
  const std::vector<T> out = f(kt::full({n}, double(v), dtype_of<T>())).template to_vector<T>();
  for (const T y : out) RC_ASSERT(std::bit_cast<Bits<T>>(y) == std::bit_cast<Bits<T>>(out[0]));
}

/// f's results for v at position 0 of 37 elements (a vector lane) and at position 36 (where Eigen's
/// scalar tail was, for every packet size).
template <class T>
std::vector<T> at_lane_and_tail(kt::Tensor (*f)(const kt::Tensor&), T v) {
  std::vector<T> values(37, T(0.5));
  values.front() = v;
  values.back() = v;
  const std::vector<T> out = f(kt::from_vector(values, {37})).template to_vector<T>();
  return {out.front(), out.back()};
}

/// True when a and b are the same number with the same sign (NaN equals NaN).
template <class T>
bool same(T a, T b) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  return a == b && std::signbit(a) == std::signbit(b);
}

kt::Tensor exp_of(const kt::Tensor& t) { return kt::exp(t); }
kt::Tensor log_of(const kt::Tensor& t) { return kt::log(t); }
kt::Tensor sqrt_of(const kt::Tensor& t) { return kt::sqrt(t); }
kt::Tensor tanh_of(const kt::Tensor& t) { return kt::tanh(t); }
kt::Tensor sin_of(const kt::Tensor& t) { return kt::sin(t); }
kt::Tensor cos_of(const kt::Tensor& t) { return kt::cos(t); }

/// Angles as RoPE makes them (position x frequency, up to ~1e5 radians) besides interesting values.
template <class T>
kt::Tensor angles_tensor() {
  const auto values = *rc::gen::container<std::vector<T>>(
                           rc::gen::oneOf(interesting_value<T>(), uniform<T>(-1e5, 1e5)))
                           .as("values");
  return kt::from_vector(values, {int64_t(values.size())});
}

template <class T>
void sin_cos_match_std() {
  const kt::Tensor t = angles_tensor<T>();
  check_against<T>(
      t, &sin_of, [](T v) { return std::sin(v); }, 0);
  check_against<T>(
      t, &cos_of, [](T v) { return std::cos(v); }, 0);
}

}  // namespace

TEST_CASE("exp is within 1 ulp of std::exp at every value and every position", "[math][property]") {
  rc::prop("float64, including -inf (exactly 0), subnormal results and overflow",
           [] { exp_matches_std<double>(); });
  rc::prop("float32, including -inf (exactly 0), subnormal results and overflow",
           [] { exp_matches_std<float>(); });
}

TEST_CASE("log is within 1 ulp of std::log, subnormal inputs included", "[math][property]") {
  rc::prop("float64", [] { log_matches_std<double>(); });
  rc::prop("float32", [] { log_matches_std<float>(); });
}

TEST_CASE("sqrt is correctly rounded, +inf and subnormals included", "[math][property]") {
  rc::prop("float64", [] { sqrt_matches_std<double>(); });
  rc::prop("float32", [] { sqrt_matches_std<float>(); });
}

TEST_CASE("sin and cos are the C library's, large angles, infinities and NaN included",
          "[math][property]") {
  rc::prop("float64", [] { sin_cos_match_std<double>(); });
  rc::prop("float32", [] { sin_cos_match_std<float>(); });
}

TEST_CASE("sin keeps the sign of zero, cos(0) is 1, and both are NaN at infinity", "[math]") {
  const double inf = std::numeric_limits<double>::infinity();
  CHECK(at_lane_and_tail<double>(&sin_of, -0.0)[1] == 0.0);
  CHECK(std::signbit(at_lane_and_tail<double>(&sin_of, -0.0)[1]));
  CHECK(at_lane_and_tail<float>(&cos_of, 0.0F) == std::vector<float>{1.0F, 1.0F});
  for (const double y : at_lane_and_tail<double>(&sin_of, inf)) CHECK(std::isnan(y));
  for (const double y : at_lane_and_tail<double>(&cos_of, -inf)) CHECK(std::isnan(y));
  const kt::Tensor ints = kt::arange(3.0, kt::Int64);
  CHECK(kt::sin(ints).dtype() == kt::Float64);
  CHECK(kt::cos(ints).to_vector<double>() ==
        std::vector<double>{1.0, std::cos(1.0), std::cos(2.0)});
}

TEST_CASE("a value's exp, log, sqrt, tanh, sin and cos do not depend on its position in the buffer",
          "[math][property]") {
  // Each property needs its own name: rc::prop is a Catch SECTION, and sections are told apart by
  // name.
  const std::vector<std::pair<std::string, kt::Tensor (*)(const kt::Tensor&)>> ops = {
      {"exp", &exp_of},   {"log", &log_of}, {"sqrt", &sqrt_of},
      {"tanh", &tanh_of}, {"sin", &sin_of}, {"cos", &cos_of}};
  for (const auto& [name, f] : ops) {
    rc::prop(name + ", float64", [f = f] { same_bits_at_every_position<double>(f); });
    rc::prop(name + ", float32", [f = f] { same_bits_at_every_position<float>(f); });
  }
}

TEST_CASE("exp of -inf is exactly 0 in a vector lane and in the tail", "[math]") {
  const double inf = std::numeric_limits<double>::infinity();
  CHECK(at_lane_and_tail<double>(&exp_of, -inf) == std::vector<double>{0.0, 0.0});
  CHECK(at_lane_and_tail<float>(&exp_of, -float(inf)) == std::vector<float>{0.0F, 0.0F});
  CHECK(at_lane_and_tail<double>(&exp_of, -745.2) == std::vector<double>{0.0, 0.0});
  CHECK(at_lane_and_tail<double>(&exp_of, -745.0) ==
        std::vector<double>{std::exp(-745.0), std::exp(-745.0)});
}

TEST_CASE("tanh keeps the sign of zero and saturates at +-1", "[math]") {
  const double inf = std::numeric_limits<double>::infinity();
  for (const double v : {0.0, -0.0, inf, -inf, 1e-310, -1e-310, 30.0, -30.0,
                         std::numeric_limits<double>::quiet_NaN()}) {
    CAPTURE(v);
    for (const double y : at_lane_and_tail<double>(&tanh_of, v)) CHECK(same(y, std::tanh(v)));
    const auto f = static_cast<float>(v);
    for (const float y : at_lane_and_tail<float>(&tanh_of, f)) CHECK(same(y, std::tanh(f)));
  }
}

TEST_CASE("pow takes PyTorch's shortcuts and keeps the sign of zero and infinity", "[math]") {
  const double inf = std::numeric_limits<double>::infinity();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const std::vector<double> x = {-inf, -2.0, -0.0, 0.0, 0.5, 3.0, inf, nan};
  const kt::Tensor t = kt::tensor(x, {8});
  // What PyTorch computes for each exponent: x*x, x*x*x, sqrt, reciprocals, std::pow otherwise.
  const std::vector<std::pair<double, double (*)(double)>> cases = {
      {0.0, [](double) { return 1.0; }},
      {1.0, [](double v) { return v; }},
      {2.0, [](double v) { return v * v; }},
      {3.0, [](double v) { return v * v * v; }},
      {0.5, [](double v) { return std::sqrt(v); }},
      {-0.5, [](double v) { return 1.0 / std::sqrt(v); }},
      {-1.0, [](double v) { return 1.0 / v; }},
      {-2.0, [](double v) { return 1.0 / (v * v); }},
      {2.5, [](double v) { return std::pow(v, 2.5); }},
      {-3.0, [](double v) { return std::pow(v, -3.0); }},
  };
  for (const auto& [exponent, expected] : cases) {
    CAPTURE(exponent);
    const std::vector<double> got = kt::pow(t, exponent).to_vector<double>();
    for (size_t i = 0; i < x.size(); ++i) {
      CAPTURE(x[i]);
      CHECK(same(got[i], expected(x[i])));
    }
  }
  CHECK(same(kt::pow(t, 3.0).at({0}), -inf));   // Eigen's pow gave +inf
  CHECK(same(kt::pow(t, -1.0).at({2}), -inf));  // Eigen's pow gave +inf
  CHECK(kt::pow(t.to(kt::Float32), 2.5).dtype() == kt::Float32);
}
