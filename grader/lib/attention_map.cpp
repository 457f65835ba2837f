#include "grader/lib/attention_map.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace grader {
namespace {

constexpr int64_t kMaxSide = 12;

std::vector<double> map_values(const kt::Tensor& t) {
  return t.to(kt::Float64).contiguous().to_vector<double>();
}

/// Every value in [0, 1] or NaN, every row (of `cols` values) summing to at most 1 (or NaN), and
/// not all zero: what a softmax's result, or a masked one, looks like.
bool looks_like_weights(const std::vector<double>& v, int64_t cols) {
  if (v.empty() || cols <= 0 || v.size() % size_t(cols) != 0) return false;
  bool some = false;
  for (size_t row = 0; row < v.size(); row += size_t(cols)) {
    double sum = 0;
    for (size_t j = row; j < row + size_t(cols); ++j) {
      if (std::isnan(v[j])) continue;
      if (v[j] < -1e-12 || v[j] > 1 + 1e-9) return false;
      sum += v[j];
      some = some || v[j] > 0;
    }
    if (sum > 1 + 1e-9) return false;
  }
  return some;
}

bool equal_in_order(const kt::Tensor& a, const kt::Tensor& b) {
  return a.numel() == b.numel() && kt::allclose(a.to(kt::Float64).contiguous().reshape(b.sizes()),
                                                b.to(kt::Float64), 1e-9, 1e-12);
}

}  // namespace

std::optional<kt::Tensor> learner_weights(const std::vector<kt::TraceEvent>& events,
                                          const kt::Tensor& expected) {
  if (expected.dim() < 2) return std::nullopt;
  const int64_t n = expected.numel(), cols = expected.size(-1);
  // A floating-point result with as many values as the weights (a Bool mask of trues is not 1.0).
  const auto fits = [&](const kt::TraceEvent& e) {
    return e.value.defined() && e.value.numel() == n && e.value.dtype() != kt::Bool;
  };
  const auto weights_like = [&](const kt::TraceEvent& e) {
    return fits(e) && looks_like_weights(map_values(e.value), cols);
  };
  const auto shaped = [&](const kt::TraceEvent& e) {
    return e.value.to(kt::Float64).contiguous();  // in its own shape (AttentionMap::got_shape)
  };
  // The last softmax of that size, and what is done to it before the next matmul (a masked_fill
  // after the softmax): the last weights-like result there, else the softmax itself (over another
  // axis its rows do not sum to 1).
  for (size_t s = events.size(); s-- > 0;) {
    if (events[s].op != "softmax" || !fits(events[s])) continue;
    size_t w = s;
    for (size_t i = s + 1; i < events.size() && events[i].op != "matmul"; ++i)
      if (weights_like(events[i])) w = i;
    return shaped(events[w]);
  }
  // No softmax op (exp / sum written out): the correct weights themselves, else the last
  // weights-like result before a matmul.
  for (const auto& e : events)
    if (fits(e) && kt::all(kt::isfinite(e.value)).item() != 0.0 &&
        equal_in_order(e.value, expected))
      return shaped(e);
  std::optional<size_t> last;
  for (size_t i = 0; i < events.size(); ++i) {
    if (events[i].op == "matmul" && last) return shaped(events[*last]);
    if (weights_like(events[i])) last = i;
  }
  if (last) return shaped(events[*last]);
  return std::nullopt;
}

AttentionMap make_attention_map(const kt::Tensor& expected, const kt::Tensor& got,
                                const std::vector<std::string>& axes) {
  AttentionMap map;
  const int64_t rows = expected.size(-2), cols = expected.size(-1);
  if (rows * cols <= 1) return map;  // one query, one key: a weight of 1, nothing to see
  const kt::Tensor e = expected.to(kt::Float64).contiguous().reshape({-1, rows, cols});
  const kt::Tensor g = got.to(kt::Float64).contiguous().reshape({-1, rows, cols});
  // The slice where they differ most (a NaN where a number is expected counts as the most).
  int64_t worst = 0;
  double worst_gap = -1;
  for (int64_t s = 0; s < e.size(0); ++s) {
    const std::vector<double> ev = map_values(e.select(0, s)), gv = map_values(g.select(0, s));
    double gap = 0;
    for (size_t i = 0; i < ev.size(); ++i) {
      if (std::isnan(ev[i]) && std::isnan(gv[i])) continue;
      const double d = std::abs(ev[i] - gv[i]);
      gap = std::max(gap, std::isnan(d) ? std::numeric_limits<double>::infinity() : d);
    }
    if (gap > worst_gap) worst_gap = gap, worst = s;
  }
  // Its index along each leading axis, named.
  std::string where;
  int64_t rest = worst;
  const int64_t leading = expected.dim() - 2;
  std::vector<int64_t> index(size_t(leading), 0);
  for (int64_t a = leading; a-- > 0;) {
    index[size_t(a)] = rest % expected.size(a);
    rest /= expected.size(a);
  }
  for (int64_t a = 0; a < leading; ++a) {
    const std::string name =
        size_t(a) < axes.size() ? axes[size_t(a)] : "index along axis " + std::to_string(a);
    where += (where.empty() ? "" : ", ") + name + " " + std::to_string(index[size_t(a)]);
  }
  map.where = where;
  // More axes than the weights: a shape grew on the way (a mask unsqueezed once too often). Fewer
  // is a layout of the same map ((B*H, T_q, T_k)), said nothing of.
  if (got.dim() > expected.dim()) map.got_shape = kt::shape_str(got.sizes());
  map.rows = std::min(rows, kMaxSide);
  map.cols = std::min(cols, kMaxSide);
  const std::vector<double> ev = map_values(e.select(0, worst)),
                            gv = map_values(g.select(0, worst));
  for (int64_t i = 0; i < map.rows; ++i)
    for (int64_t j = 0; j < map.cols; ++j) {
      map.expected.push_back(ev[size_t(i * cols + j)]);
      map.got.push_back(gv[size_t(i * cols + j)]);
    }
  return map;
}

AttentionMap map_of_call(const std::vector<Step>& steps, const std::function<kt::Tensor()>& call,
                         const std::vector<std::string>& axes) {
  const auto weights =
      std::find_if(steps.begin(), steps.end(), [](const Step& s) { return s.attention_weights; });
  if (weights == steps.end()) return {};
  kt::Tensor out;
  const std::vector<kt::TraceEvent> events = trace_learner([&] { out = call(); });
  if (!out.defined()) return {};
  const std::optional<kt::Tensor> got = learner_weights(events, weights->value);
  if (!got) return {};
  return make_attention_map(weights->value, *got, axes);
}

}  // namespace grader
