#include "grader/report/ratio_text.hpp"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <numeric>
#include <string>
#include <utility>

namespace report {

namespace {

std::string text_of(double x) {
  char t[32];
  std::snprintf(t, sizeof t, "%.6g", x);
  return t;
}

/// "sqrt(2)", "sqrt(4/5)": x as the square root of a whole number or of a fraction with a
/// denominator up to 64, when it is one; "".
std::string root(double x) {
  const double squared = x * x;
  for (int den = 1; den <= 64; ++den) {
    const double num = std::round(squared * den);
    if (num < 1 || num > 1e6 || std::abs(squared * den - num) > 1e-9 * num) continue;
    if (std::gcd(int64_t(num), int64_t(den)) != 1) continue;
    // A whole or rational square root (10/7 as sqrt(100/49)) is no root to read.
    const auto square = [](double n) {
      const double whole = std::round(std::sqrt(n));
      return whole * whole == n;
    };
    if (square(num) && square(double(den))) return "";
    char t[48];
    if (den == 1)
      std::snprintf(t, sizeof t, "sqrt(%.0f)", num);
    else
      std::snprintf(t, sizeof t, "sqrt(%.0f/%d)", num, den);
    return t;
  }
  return "";
}

}  // namespace

std::string ratio_reading(double r) {
  if (!std::isfinite(r) || r == 0) return "";
  // 1.4427 = 1 / ln 2: a logarithm in another base (log2 where ln belongs).
  for (const auto& [value, name] : {std::pair{std::log(2.0), "ln 2"}, {std::log(10.0), "ln 10"}}) {
    if (std::abs(r - value) <= 1e-6 * value) return name;
    if (std::abs(r * value - 1) <= 1e-6) return std::string("1 / ") + name;
  }
  const std::string inverse = root(1 / r), direct = root(r);
  if (r > 0 && std::abs(r) < 1 && !inverse.empty() && inverse.find('/') == std::string::npos)
    return "1 / " + inverse;
  if (r > 0 && !direct.empty()) return direct;
  // 0.333333 = 1 / 3: divided by a size (a mean where a sum belongs). Not 0.5 nor 0.25, whose
  // digits say it already.
  if (r > 0 && r < 0.34 && text_of(r).size() >= 8 &&
      std::abs(1 / r - std::round(1 / r)) <= 1e-9 * (1 / r) && std::round(1 / r) <= 4096)
    return "1 / " + text_of(std::round(1 / r));
  // 1.42857 = 1 / 0.7: divided by 1 - p = 0.7. Not 2 as 1 / 0.5, nor 0.9 as 1 / 1.11111.
  if (r > 1 && std::abs(r - std::round(r)) > 1e-9 && text_of(1 / r).size() <= 4)
    return "1 / " + text_of(1 / r);
  return "";
}

}  // namespace report
