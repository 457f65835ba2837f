#include "grader/lib/compare.hpp"

#include "grader/report/ratio_text.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace grader {

bool close(const kt::Tensor& got, const kt::Tensor& expected, double rtol, double atol) {
  if (!got.defined() || !expected.defined() || got.sizes() != expected.sizes()) return false;
  return kt::allclose(got.to(kt::Float64), expected.to(kt::Float64), rtol, atol);
}

bool same_as_mistake(const kt::Tensor& got, const kt::Tensor& mistake) {
  if (!got.defined() || !mistake.defined() || got.sizes() != mistake.sizes()) return false;
  return kt::allclose(got.to(kt::Float64), mistake.to(kt::Float64), kRtol, kAtol,
                      /*equal_nan=*/true);
}

bool all_finite(const kt::Tensor& t) { return kt::all(kt::isfinite(t)).item() != 0.0; }

bool identical(const kt::Tensor& a, const kt::Tensor& b) {
  if (!a.defined() || !b.defined() || a.sizes() != b.sizes()) return false;
  const kt::Tensor x = a.to(kt::Float64), y = b.to(kt::Float64);
  return x.numel() == 0 || kt::all((x == y) | (kt::isnan(x) & kt::isnan(y))).item() != 0.0;
}

bool sane(const kt::Tensor& t) {
  return all_finite(t) && (t.numel() == 0 || kt::amax(kt::abs(t)).item() < 1e100);
}

std::string float32_rounding_note(const kt::Tensor& got, const kt::Tensor& expected,
                                  const std::string& dtype) {
  if (!all_finite(got)) return "";
  const double worst =
      kt::amax(kt::abs(got.to(kt::Float64) - expected) / (kt::abs(expected) + 1e-3)).item();
  if (worst >= 1e-4) return "";
  // Past a few float32 roundings (about 6e-8 each), only a result made in float32 is evidence: its
  // values are float32's. A difference of 2e-6 from eps placed otherwise is not rounding.
  const kt::Tensor got64 = got.to(kt::Float64);
  const bool float32_values = kt::equal(got64, got64.to(kt::Float32).to(kt::Float64));
  if (worst >= 5e-7 && !float32_values) return "";
  char about[32];  // "3e-08": std::to_string would print 0.000000
  std::snprintf(about, sizeof about, "%.1g", worst);
  const std::string tiny = std::string(" The difference is tiny (about ") + about;
  // Values that are not float32's, off by a few roundings: a term that small left out or placed
  // otherwise (eps added to the step instead of its denominator), or float32 inside: both said,
  // the term first (readers of a float64 case took float32 for the lead, round 45).
  if (!float32_values)
    return tiny +
           " relative): a small term such as eps left out or put in another place leaves "
           "that much, and so does float32 arithmetic inside (keep every step in " +
           dtype + ").";
  return tiny + " relative), the size float32 arithmetic leaves: keep every step in " + dtype + ".";
}

std::string slice_text(const kt::Tensor& t, int64_t max_values, int digits) {
  const auto v = t.to(kt::Float64).to_vector<double>();
  std::string s = "[";
  for (size_t i = 0; i < v.size() && int64_t(i) < max_values; ++i) {
    char buf[32];
    // NaN as "nan": printf's "-nan" carries a sign bit that means nothing to a learner.
    std::snprintf(buf, sizeof buf, "%s%.*g", i ? ", " : "", digits, std::isnan(v[i]) ? NAN : v[i]);
    s += buf;
  }
  if (int64_t(v.size()) > max_values) s += ", ...";
  return s + "]";
}

std::pair<std::string, std::string> texts_that_differ(double a, double b) {
  const auto text = [](double v, int digits) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.*g", digits, std::isnan(v) ? NAN : v);
    return std::string(buf);
  };
  int digits = 6;
  while (digits < 17 && a != b && text(a, digits) == text(b, digits)) ++digits;
  return {text(a, digits), text(b, digits)};
}

std::string values_text(const kt::Tensor& t) {
  if (t.numel() <= 24) return kt::repr(t);
  return slice_text(t, 12) + " (the first 12 of " + std::to_string(t.numel()) +
         " values, row-major)";
}

void show_worst_row(const kt::Tensor& got, const kt::Tensor& expected, Failure& failure,
                    const std::string& name, int64_t axis) {
  if (!got.defined() || got.sizes() != expected.sizes() || got.numel() == 0) return;
  if (got.dim() == 0) {
    // A 0-d result (a loss, a scalar parameter) is its one number, with the digits that differ.
    const auto [e, g] =
        texts_that_differ(expected.to(kt::Float64).item(), got.to(kt::Float64).item());
    failure.expected = name + " = " + e;
    failure.got = name + " = " + g;
    failure.difference = difference_text(got, expected);
    return;
  }
  const int64_t rank = got.dim();
  const int64_t a = axis < 0 ? axis + rank : axis;
  // The slices along `a` as the rows of a matrix: `a` moved last (swapped with the last axis).
  const kt::Tensor g = got.to(kt::Float64).transpose(a, -1).contiguous();
  const kt::Tensor e = expected.to(kt::Float64).transpose(a, -1).contiguous();
  const int64_t cols = g.size(-1);
  const kt::Tensor diff = kt::abs(g - e).masked_fill(kt::isnan(g), INFINITY).reshape({-1, cols});
  const auto worst = static_cast<int64_t>(kt::argmax(kt::amax(diff, -1), 0).item());
  // The row's indices in g's leading axes, from its flat number...
  std::vector<int64_t> index(size_t(rank - 1));
  int64_t rest = worst;
  for (int64_t d = rank - 2; d >= 0; --d) {
    index[size_t(d)] = rest % g.size(d);
    rest /= g.size(d);
  }
  // ...put back in got's axes: g's axis `a` is got's last one, and got's axis `a` is the slice.
  std::string where = name + "[";
  for (int64_t d = 0; d < rank; ++d) {
    if (d > 0) where += ", ";
    if (d == a) {
      where += ":";
    } else {
      where += std::to_string(d == rank - 1 ? index[size_t(a)] : index[size_t(d)]);
    }
  }
  where += "] = ";
  // As many digits as it takes for two different rows to print differently.
  const kt::Tensor e_row = e.reshape({-1, cols})[worst], g_row = g.reshape({-1, cols})[worst];
  int digits = 6;
  while (digits < 17 && !identical(e_row, g_row) &&
         slice_text(e_row, 6, digits) == slice_text(g_row, 6, digits)) {
    digits += 2;
  }
  failure.expected = where + slice_text(e_row, 6, digits);
  failure.got = where + slice_text(g_row, 6, digits);
  failure.difference = difference_text(got, expected);
}

std::string difference_text(const kt::Tensor& got, const kt::Tensor& expected) {
  if (!got.defined() || got.sizes() != expected.sizes() || got.numel() == 0) return "";
  const kt::Tensor g = got.to(kt::Float64), e = expected.to(kt::Float64);
  if (!all_finite(g) || !all_finite(e) || identical(g, e)) return "";
  char text[96];
  std::snprintf(text, sizeof text, "largest |got - expected| = %.3g",
                kt::amax(kt::abs(g - e)).item());
  std::string s = text;
  // A constant difference (a bias added, or scaled with the rest) says as much, over three
  // elements at least.
  if (g.numel() >= 3) {
    const kt::Tensor d = g - e;
    const double lo = kt::amin(d).item(), hi = kt::amax(d).item();
    // (Not a rounding error: an offset allclose at rtol 1e-9 would not take.)
    const double scale = kt::amax(kt::abs(e)).item();
    if (hi - lo <= 1e-9 * (1.0 + std::abs(hi)) && std::abs(hi) > 1e-9 * (1.0 + scale)) {
      std::snprintf(text, sizeof text, "; got = expected %s %.6g, everywhere", hi < 0 ? "-" : "+",
                    std::abs(hi));
      return s + text;
    }
  }
  // A constant ratio (x 0.7071, x 2) is often the whole diagnosis: say so when there is one.
  const kt::Tensor tiny = kt::abs(e) < 1e-12;
  // (Over two elements at least: one always has "a constant ratio"; two have one only when the
  // mistake scales them both, as a cached key of d_head = 2 divided by sqrt(2) whose ratio round
  // 53's reader worked out by hand.)
  if (kt::any(tiny & (kt::abs(g) >= 1e-12)).item() != 0.0 ||
      kt::sum((~tiny).to(kt::Float64)).item() < 2)
    return s;
  const kt::Tensor ratio = g / e.masked_fill(tiny, 1.0);
  const double lo = kt::amin(ratio.masked_fill(tiny, INFINITY)).item();
  const double hi = kt::amax(ratio.masked_fill(tiny, -INFINITY)).item();
  if (hi - lo <= 1e-6 * std::abs(hi) && std::abs(hi - 1.0) > 1e-6) {
    // Read as 1 / sqrt(2), or 1.42857 as 1 / 0.7 (divided by 1 - p), when it reads so.
    const std::string reading = report::ratio_reading(hi);
    std::snprintf(text, sizeof text, "; got = %.6g x expected", hi);
    s += text;
    s += (reading.empty() ? "" : " (" + reading + ")") + ", everywhere";
  }
  return s;
}

std::string differs_message(const kt::Tensor& got, const kt::Tensor& expected,
                            const std::string& tolerance, const std::string& why,
                            const std::string& float64_from) {
  std::string message =
      all_finite(got)
          ? "the result differs from the reference: allclose fails at " + tolerance + "."
          : "the result has NaN or inf where the reference is finite.";
  message += why;
  if (!float64_from.empty()) message += float32_rounding_note(got, expected, float64_from);
  return message;
}

bool apart_by_rounding_only(const kt::Tensor& a, const kt::Tensor& b) {
  if (!a.defined() || !b.defined() || a.sizes() != b.sizes() || a.numel() == 0) return false;
  if (!all_finite(a) || !all_finite(b) || identical(a, b)) return false;
  const kt::Tensor x = a.to(kt::Float64), y = b.to(kt::Float64);
  const double scale = std::max(1.0, kt::amax(kt::abs(x)).item());
  return kt::amax(kt::abs(x - y)).item() <= 1e-12 * scale;
}

std::string rounding_only_causality(const kt::Tensor& before, const kt::Tensor& after) {
  if (!apart_by_rounding_only(before, after)) return "";
  char most[32];
  std::snprintf(most, sizeof most, "%.3g",
                kt::amax(kt::abs(before.to(kt::Float64) - after.to(kt::Float64))).item());
  return std::string(" The outputs moved by rounding only (") + most +
         " at most): your code computes a value every query uses that the later tokens change "
         "too (a maximum or a sum over the whole tensor, or over every key before the mask), and "
         "it moves the last bits of the earlier outputs.";
}

}  // namespace grader
