#include "grader/lib/compare.hpp"

#include <cmath>
#include <cstdio>

namespace grader {

bool close(const kt::Tensor& got, const kt::Tensor& expected, double rtol, double atol) {
  if (!got.defined() || got.sizes() != expected.sizes()) return false;
  return kt::allclose(got.to(kt::Float64), expected.to(kt::Float64), rtol, atol);
}

bool all_finite(const kt::Tensor& t) { return kt::all(kt::isfinite(t)).item() != 0.0; }

bool sane(const kt::Tensor& t) {
  return all_finite(t) && (t.numel() == 0 || kt::amax(kt::abs(t)).item() < 1e100);
}

std::string slice_text(const kt::Tensor& t, int64_t max_values) {
  const auto v = t.to(kt::Float64).to_vector<double>();
  std::string s = "[";
  for (size_t i = 0; i < v.size() && int64_t(i) < max_values; ++i) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%s%.6g", i ? ", " : "", v[i]);
    s += buf;
  }
  if (int64_t(v.size()) > max_values) s += ", ...";
  return s + "]";
}

void show_worst_row(const kt::Tensor& got, const kt::Tensor& expected, Failure& failure,
                    const std::string& name) {
  if (!got.defined() || got.sizes() != expected.sizes() || got.dim() < 1 || got.numel() == 0)
    return;
  const kt::Tensor g = got.to(kt::Float64);
  const kt::Tensor e = expected.to(kt::Float64);
  const int64_t cols = got.size(-1);
  const kt::Tensor diff = kt::abs(g - e).masked_fill(kt::isnan(g), INFINITY).reshape({-1, cols});
  const auto worst = static_cast<int64_t>(kt::argmax(kt::amax(diff, -1), 0).item());
  // The row's leading indices, from its flat number.
  std::vector<int64_t> index(size_t(got.dim() - 1));
  int64_t rest = worst;
  for (int64_t d = got.dim() - 2; d >= 0; --d) {
    index[size_t(d)] = rest % got.size(d);
    rest /= got.size(d);
  }
  std::string where = name + "[";
  for (int64_t i : index) where += std::to_string(i) + ", ";
  where += ":] = ";
  failure.expected = where + slice_text(e.reshape({-1, cols})[worst]);
  failure.got = where + slice_text(g.reshape({-1, cols})[worst]);
}

}  // namespace grader
