#include "grader/katas/sampling/mistakes.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace grader::kata_sampling {
namespace {

/// softmax of v over `over` (the maximum taken out); 0 elsewhere.
std::vector<double> softmax_over(const std::vector<double>& v, const std::vector<bool>& over) {
  double m = -INFINITY;
  for (size_t i = 0; i < v.size(); ++i)
    if (over[i]) m = std::max(m, v[i]);
  std::vector<double> p(v.size(), 0.0);
  double sum = 0;
  for (size_t i = 0; i < v.size(); ++i)
    if (over[i]) sum += p[i] = std::exp(v[i] - m);
  if (sum > 0)
    for (double& x : p) x /= sum;
  return p;
}

/// The tokens of `among` by q descending, the lower index first on ties.
std::vector<size_t> by_probability(const std::vector<double>& q, const std::vector<bool>& among) {
  std::vector<size_t> order;
  for (size_t i = 0; i < q.size(); ++i)
    if (among[i]) order.push_back(i);
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return q[a] > q[b]; });
  return order;
}

}  // namespace

size_t Walk::position(double u) const {
  double running = 0;
  for (size_t i = 0; i < order.size(); ++i) {
    running += p[i];
    if (running > u) return i;
  }
  return order.empty() ? 0 : order.size() - 1;
}

int64_t Walk::token(double u) const {
  if (fixed >= 0) return fixed;
  return order.empty() ? -1 : order[position(u)];
}

std::vector<int64_t> Walk::tokens(const std::vector<double>& u) const {
  std::vector<int64_t> out;
  for (double d : u) out.push_back(token(d));
  return out;
}

bool Walk::gives(int64_t token, double u, double tol) const {
  if (fixed >= 0) return token == fixed;
  if (order.empty()) return false;
  const size_t lo = position(std::max(0.0, u - tol)), hi = position(u + tol);
  for (size_t i = lo; i <= hi && i < order.size(); ++i)
    if (order[i] == token) return true;
  return false;
}

Walk walk_with_steps(const kt::Tensor& logits, double temperature, int64_t top_k, double top_p,
                     const Steps& steps) {
  return walk_with_steps(logits.to(kt::Float64).contiguous().to_vector<double>(), temperature,
                         top_k, top_p, steps);
}

Walk walk_with_steps(const std::vector<double>& x, double temperature, int64_t top_k, double top_p,
                     const Steps& steps) {
  using S = Steps;
  if (steps.filters_ignored) {
    top_k = 0;
    top_p = 1.0;
  }
  const size_t v = x.size();
  Walk w;
  double t = temperature;
  if (temperature == 0) {
    if (steps.zero == S::Zero::Greedy || steps.zero == S::Zero::GreedyLastOnTies ||
        steps.zero == S::Zero::GreedyDraws) {
      w.draws = steps.zero == S::Zero::GreedyDraws;
      const double m = *std::max_element(x.begin(), x.end());
      for (size_t i = 0; i < v; ++i)
        if (x[i] == m && (w.fixed < 0 || steps.zero == S::Zero::GreedyLastOnTies))
          w.fixed = int64_t(i);
      return w;
    }
    t = steps.zero == S::Zero::ClampTiny ? 1e-10 : 1.0;
  }
  const std::vector<bool> all(v, true);
  std::vector<double> s(v);
  switch (steps.temperature) {
    case S::Temperature::Logits:
      for (size_t i = 0; i < v; ++i) s[i] = x[i] / t;
      break;
    case S::Temperature::Multiplied:
      for (size_t i = 0; i < v; ++i) s[i] = x[i] * t;
      break;
    case S::Temperature::SoftmaxRenormalised:
      s = x;
      break;
    case S::Temperature::Squared:
      for (size_t i = 0; i < v; ++i) s[i] = x[i] / (t * t);
      break;
    case S::Temperature::SoftmaxResoftmaxed:
      s = softmax_over(x, all);
      for (double& e : s) e /= t;
      break;
  }
  // Top-k.
  std::vector<bool> survivors(v, true);
  if (top_k > 0 && size_t(top_k) < v) {
    const std::vector<size_t> ranked = by_probability(s, all);  // scores descending, index asc
    survivors.assign(v, false);
    // (OneMore: sorted[top_k] where sorted[top_k - 1] belongs; no further than the last score.)
    const size_t at =
        steps.top_k == S::TopK::OneMore ? std::min(size_t(top_k), v - 1) : size_t(top_k) - 1;
    double kth = s[ranked[at]];
    if (steps.top_k == S::TopK::Distinct) {
      // The k-th of the distinct values, or the smallest when there are fewer.
      std::vector<double> values;
      for (const size_t i : ranked)
        if (values.empty() || s[i] != values.back()) values.push_back(s[i]);
      kth = values[std::min(values.size(), size_t(top_k)) - 1];
    }
    if (steps.top_k == S::TopK::Exactly) {
      for (size_t r = 0; r < size_t(top_k); ++r) survivors[ranked[r]] = true;
    } else {
      for (size_t i = 0; i < v; ++i)
        survivors[i] = steps.top_k == S::TopK::Strict ? s[i] > kth : s[i] >= kth;
    }
  }
  // Top-p.
  std::vector<bool> kept = survivors;
  if (top_p < 1) {
    const std::vector<double> q =
        steps.nucleus_from == S::NucleusFrom::KeptLogits  ? softmax_over(x, survivors)
        : steps.nucleus_from == S::NucleusFrom::AllScores ? softmax_over(s, all)
                                                          : softmax_over(s, survivors);
    std::vector<size_t> order;
    if (steps.nucleus == S::Nucleus::IndexOrder) {
      for (size_t i = 0; i < v; ++i)
        if (survivors[i]) order.push_back(i);
    } else {
      order = by_probability(q, survivors);
    }
    if (steps.nucleus == S::Nucleus::LeastProbable) std::reverse(order.begin(), order.end());
    kept.assign(v, false);
    double sum = 0;
    for (size_t r = 0; r < order.size(); ++r) {
      const double next = sum + q[order[r]];
      const bool take =
          r == 0 || (steps.nucleus == S::Nucleus::ExcludesCrossing ? next < top_p : sum < top_p);
      if (!take) break;
      kept[order[r]] = true;
      sum = next;
    }
  }
  // The final probabilities and the walk.
  const std::vector<double> p = steps.renormalise == S::Renormalise::OverAll ? softmax_over(s, all)
                                : steps.renormalise == S::Renormalise::OverTopK
                                    ? softmax_over(s, survivors)
                                    : softmax_over(s, kept);
  if (steps.order == S::Order::Sorted) {
    for (size_t i : by_probability(p, kept)) w.order.push_back(int64_t(i));
  } else {
    for (size_t i = 0; i < v; ++i)
      if (kept[i]) w.order.push_back(int64_t(i));
  }
  for (int64_t i : w.order) w.p.push_back(p[size_t(i)]);
  return w;
}

Made pitfalls_made(const Steps& steps) {
  using S = Steps;
  Made m;
  m.temperature_after_softmax = steps.temperature == S::Temperature::SoftmaxRenormalised ||
                                steps.temperature == S::Temperature::SoftmaxResoftmaxed;
  m.top_p_excludes_crossing_token = steps.nucleus == S::Nucleus::ExcludesCrossing;
  m.not_renormalized = steps.renormalise != S::Renormalise::Kept;
  m.top_p_before_temperature = steps.nucleus_from == S::NucleusFrom::KeptLogits;
  m.temperature_zero_not_greedy = steps.zero == S::Zero::ClampTiny || steps.zero == S::Zero::AsOne;
  return m;
}

}  // namespace grader::kata_sampling
