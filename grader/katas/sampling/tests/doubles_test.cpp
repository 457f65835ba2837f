// Every pitfall of the sampling kata alone, and every two together, are named exactly (Note [every
// double named exactly] in grader/tests/doubles/doubles.hpp): the learner's kata::sample_token,
// written as a learner writes it (solutions/sampling/worked.cpp), each pitfall a slip as the test
// bed's known-bad files make it. Kept apart from the grader's simulation of the mistakes
// (grader/katas/sampling/mistakes.hpp) on purpose: it is the learner's code.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

#include "grader/tests/doubles/check.hpp"
#include "sampling.hpp"

namespace {

doubles::Names on;  // the slips now on

bool slip(const char* id) { return on.count(id) != 0; }

/// The second form of two slips: the temperature's probabilities softmaxed again (else
/// renormalised), and temperature 0 clamped to a tiny value (else sampled as 1).
bool second_forms = false;

std::vector<double> softmax_over(const std::vector<double>& s, const std::vector<bool>& over) {
  double m = -INFINITY;
  for (size_t i = 0; i < s.size(); ++i)
    if (over[i]) m = std::max(m, s[i]);
  std::vector<double> p(s.size(), 0.0);
  double sum = 0;
  for (size_t i = 0; i < s.size(); ++i)
    if (over[i]) sum += p[i] = std::exp(s[i] - m);
  for (double& x : p) x /= sum;
  return p;
}

}  // namespace

namespace kata {

int64_t sample_token(const kt::Tensor& logits, double temperature, int64_t top_k, double top_p,
                     kt::Generator& gen) {
  if (!(temperature >= 0) || top_k < 0 || !(top_p > 0 && top_p <= 1))
    throw kt::ValueError("an argument outside the API");
  const std::vector<double> x = logits.to(kt::Float64).contiguous().to_vector<double>();
  const size_t v = x.size();
  const std::vector<bool> all(v, true);
  double t = temperature;
  if (t == 0) {
    if (!slip("temperature_zero_not_greedy"))
      return std::max_element(x.begin(), x.end()) - x.begin();
    t = second_forms ? 1e-9 : 1.0;
  }
  std::vector<double> s(v);
  if (slip("temperature_after_softmax")) {
    const std::vector<double> p = softmax_over(x, all);
    double sum = 0;
    for (size_t i = 0; i < v; ++i) sum += s[i] = p[i] / t;
    for (double& e : s) e = second_forms ? e : std::log(e / sum);  // log: softmax(log p) = p
  } else {
    for (size_t i = 0; i < v; ++i) s[i] = x[i] / t;
  }
  std::vector<bool> kept(v, true);
  if (top_k > 0 && size_t(top_k) < v) {
    std::vector<double> sorted = s;
    std::sort(sorted.begin(), sorted.end(), std::greater<>());
    for (size_t i = 0; i < v; ++i) kept[i] = s[i] >= sorted[size_t(top_k - 1)];
  }
  const std::vector<bool> survivors = kept;
  if (top_p < 1) {
    const std::vector<double> q = softmax_over(slip("top_p_before_temperature") ? x : s, kept);
    std::vector<size_t> order;
    for (size_t i = 0; i < v; ++i)
      if (kept[i]) order.push_back(i);
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return q[a] > q[b]; });
    double sum = 0;
    size_t n = 0;
    if (slip("top_p_excludes_crossing_token")) {
      sum = q[order[n++]];
      while (n < order.size() && sum + q[order[n]] < top_p) sum += q[order[n++]];
    } else {
      while (n < order.size() && sum < top_p) sum += q[order[n++]];
    }
    for (size_t r = n; r < order.size(); ++r) kept[order[r]] = false;
  }
  const std::vector<double> p =
      softmax_over(s, slip("not_renormalized") ? (second_forms ? survivors : all) : kept);
  const double u = gen.uniform();
  double running = 0;
  int64_t last = 0;
  for (size_t i = 0; i < v; ++i) {
    if (!kept[i]) continue;
    last = int64_t(i);
    running += p[i];
    if (running > u) return last;
  }
  return last;
}

}  // namespace kata

namespace {

/// The pairs of slips that bear on each other in this learner.
std::vector<doubles::Pair> pairs() {
  using doubles::Relation;
  return {{"temperature_after_softmax", "top_p_before_temperature", Relation::Absorbs,
           "with the temperature cancelled the scores are the logits: a nucleus from the logits "
           "is the nucleus from the scores"}};
}

}  // namespace

TEST_CASE("sampling: no pitfall, every pitfall alone and every two together are named exactly",
          "[doubles]") {
  const doubles::Kata kata{[](const doubles::Names& slips) { on = slips; }, pairs()};
  doubles::check_named_exactly(kata);
}

TEST_CASE(
    "sampling: the same with the probabilities softmaxed again, T = 0 clamped to 1e-9, and p "
    "normalised over the top-k survivors",
    "[doubles]") {
  second_forms = true;
  const doubles::Kata kata{[](const doubles::Names& slips) { on = slips; }, {}};
  doubles::check_named_exactly(kata, "second forms");
  second_forms = false;
}
