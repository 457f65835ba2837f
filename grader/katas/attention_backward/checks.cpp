// The attention_backward kata's general checks: the three gradients equal the reference's, equal
// central finite differences of the forward (no reference gradient needed), and masked keys get
// no gradient from the queries that cannot see them. Each known pitfall has its own detector in
// pitfalls/ID.cpp.
#include <rapidcheck.h>

#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include "grader/katas/attention_backward/cases.hpp"
#include "grader/katas/attention_backward/catalogue.hpp"
#include "reference/sdpa/sdpa.hpp"

namespace grader::kata_attention_backward {
namespace {

constexpr int kCases = 80;

Outcome check_shape(uint64_t seed) {
  return run_backward_property(seed, kCases, [&]() -> std::optional<Failure> {
    const Case c = generate();
    const Called called = run_learner(c);
    if (shape_ok(c, called)) return std::nullopt;
    return failure_from_run(c, called);
  });
}

Outcome check_matches_reference(uint64_t seed) {
  return run_backward_property(seed, kCases, [&]() -> std::optional<Failure> {
    const Case c = generate();
    const Called called = run_learner(c);
    if (!shape_ok(c, called)) return failure_from_run(c, called);
    const Grads expected = run_reference(c);
    const std::string wrong = differing(called.grads, expected);
    if (wrong.empty()) return std::nullopt;
    // The ones that match, by name ("dq and dk differ ...; dv matches").
    const std::string right = matching(called.grads, expected);
    const std::string match =
        right.empty() ? "" : "; " + right + (right.size() > 2 ? " match" : " matches");
    Failure f = failure(c, called.grads, expected,
                        wrong + (wrong.size() > 2 ? " differ" : " differs") +
                            " from the gradients of out = softmax(q kᵀ / √d) v (allclose rtol "
                            "1e-9, atol 1e-12 fails)" +
                            match + ". Shown: the row that differs most.");
    diagnose_after_shrinking(f, c);
    return f;
  });
}

// Note [finite differences]
// L(q, k, v) = sum(out ∘ dout) has gradients dq, dk, dv. Each entry x of q, k and v is moved by
// ±h, h = 1e-6, and (L(x + h) − L(x − h)) / 2h compared with the learner's gradient there: the
// error of the central difference is h² times a third derivative (~1e-12 here) plus the forward's
// rounding over 2h (~1e-16 · |L| / 1e-6 = 1e-10 · |L|). The check allows 1e-6 + 1e-5 · |fd|: tight
// enough for a missing 1/√d (d >= 2: 30% off at least), a missing row sum or a transposed dS, and
// it uses no reference gradient: the forward is the sdpa kata's trusted attention.
constexpr double kH = 1e-6;

double loss(const Case& c, const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v) {
  return kt::sum(ref::sdpa(q, k, v, kt::Tensor(), c.causal) * c.dout).item();
}

kt::Tensor finite_differences(const Case& c, int which) {
  const kt::Tensor x = (which == 0 ? c.q : which == 1 ? c.k : c.v).contiguous();
  std::vector<double> values = x.to_vector<double>();
  std::vector<double> grad(values.size());
  for (size_t i = 0; i < values.size(); ++i) {
    const double keep = values[i];
    double l[2];
    for (int side = 0; side < 2; ++side) {
      values[i] = keep + (side == 0 ? kH : -kH);
      const kt::Tensor moved = kt::from_vector(values, x.sizes());
      l[side] =
          loss(c, which == 0 ? moved : c.q, which == 1 ? moved : c.k, which == 2 ? moved : c.v);
    }
    values[i] = keep;
    grad[i] = (l[0] - l[1]) / (2 * kH);
  }
  return kt::from_vector(grad, x.sizes());
}

Outcome check_finite_differences(uint64_t seed) {
  return run_backward_property(seed, 40, [&]() -> std::optional<Failure> {
    Spec spec;
    spec.t_max = 4;
    spec.d_max = 3;
    spec.leading_rank_max = 1;
    const Case c = generate(spec);
    const Called called = run_learner(c);
    if (!shape_ok(c, called)) return failure_from_run(c, called);
    const Grads fd = {finite_differences(c, 0), finite_differences(c, 1), finite_differences(c, 2)};
    const std::string wrong = differing(called.grads, fd, 1e-5, 1e-6);
    if (wrong.empty()) return std::nullopt;
    Failure f =
        failure(c, called.grads, fd,
                wrong + (wrong.size() > 2 ? " differ" : " differs") +
                    " from central finite differences of the forward: each input entry moved "
                    "by ±1e-6, and the change of L = sum(out ∘ dout) divided by 2e-6 "
                    "(allclose rtol 1e-5, atol 1e-6 fails). This check uses no reference "
                    "gradient, only attention's forward: your gradient is not the derivative "
                    "of the function. Expected below: the finite differences.",
                1e-5, 1e-6);
    diagnose_after_shrinking(f, c);
    return f;
  });
}

Outcome check_masked_keys(uint64_t seed) {
  return run_backward_property(seed, kCases, [&]() -> std::optional<Failure> {
    Spec spec;
    spec.t_min = 2;
    spec.causal = true;
    Case c = generate(spec);
    // Only queries 0..last get an upstream gradient: keys after `last` are hidden from all of them.
    const auto last = *rc::gen::inRange<int64_t>(0, c.T() - 1).as("last query with a gradient");
    const kt::Tensor rows = kt::arange(double(c.T())).unsqueeze(1) <= double(last);
    c.dout = kt::where(rows, c.dout, 0.0);
    const Called called = run_learner(c);
    if (!shape_ok(c, called)) return failure_from_run(c, called);
    const kt::Tensor later = kt::logical_not(rows);  // (T, 1): the keys after `last`
    double worst = 0;
    int worst_of = 0;  // 0 dk, 1 dv
    for (int w = 0; w < 2; ++w) {
      const kt::Tensor& g = called.grads[1 + w];
      const double here = kt::amax(kt::abs(kt::where(later, g, 0.0))).item();
      if (!(here <= worst)) {
        worst = here;
        worst_of = w;
      }
    }
    if (worst <= 1e-12) return std::nullopt;
    std::ostringstream m;
    m << "with is_causal and dout zero for every query after query " << last
      << ", no query with a gradient can see key " << last + 1
      << (last + 2 < c.T() ? " or any later one" : "")
      << ": their rows of dk and dv must be exactly 0; yours reach " << worst << " in "
      << (worst_of == 0 ? "dk" : "dv")
      << ". A masked weight is exactly 0 in the forward pass and passes no gradient back: mask "
         "the scores before the softmax in the backward pass too (or reuse the forward's masked "
         "weights).";
    Failure f;
    f.message = m.str();
    f.counterexample = c.describe();
    const kt::Tensor& g = called.grads[1 + worst_of];
    show_worst_row(kt::where(later, g, 0.0), kt::zeros_like(g), f, Grads::kNames[1 + worst_of]);
    diagnose_after_shrinking(f, c);
    return f;
  });
}

const Registrar registered_shape({"shape",
                                  "dq, dk and dv have the shapes of q, k and v, in Float64",
                                  check_shape});
const Registrar registered_matches_reference(
    {"matches_reference",
     "the gradients equal the reference's (allclose rtol 1e-9, "
     "atol 1e-12)",
     check_matches_reference});
const Registrar registered_finite_differences(
    {"finite_differences", "the gradients equal central finite differences of the forward",
     check_finite_differences});
const Registrar registered_masked_keys_get_no_gradient(
    {"masked_keys_get_no_gradient", "with is_causal, keys hidden from every query get no gradient",
     check_masked_keys});

}  // namespace
}  // namespace grader::kata_attention_backward
