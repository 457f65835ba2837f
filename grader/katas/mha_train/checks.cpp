// The mha_train kata's general checks: without dropout (eval mode, or p = 0) the module is the
// reference's attention; in training, the weights seen through the output (Note [weights seen
// through the output] in cases.cpp) are each 0 or w / (1 - p), dropped at the rate p, drawn from
// the generator passed in. Each known pitfall has its own detector in pitfalls/ID.cpp.
#include <cmath>
#include <sstream>

#include "grader/katas/mha_train/cases.hpp"

namespace grader::kata_mha_train {
namespace {

constexpr int kCases = 60;
const std::vector<double> kRates = {0.1, 0.3, 0.7};  // not 0.5: keep and drop would look alike

Outcome check_shape(uint64_t seed) {
  return run_train_property(seed, kCases, [&]() -> std::optional<Failure> {
    const Case c = generate(true, kRates);
    const Calls r = run_learner(c);
    if (shape_ok(c, r.run)) return std::nullopt;
    return failure_from_run(c, r.run);
  });
}

std::optional<Failure> compare(const Case& c, const std::string& why) {
  const Calls r = run_learner(c);
  if (!shape_ok(c, r.run)) return failure_from_run(c, r.run);
  const kt::Tensor expected = run_reference(c);
  if (close(r.run.out, expected)) return std::nullopt;
  return failure(c, r.run.out, expected,
                 "the output differs from multi-head attention without dropout (allclose rtol "
                 "1e-9, atol 1e-12 fails)." +
                     why);
}

Outcome check_eval(uint64_t seed) {
  return run_train_property(seed, kCases, [&]() -> std::optional<Failure> {
    return compare(generate(false, kRates),
                   " In evaluation mode nothing is dropped: the module is the mha kata's "
                   "attention, whatever dropout_p is.");
  });
}

Outcome check_train_p0(uint64_t seed) {
  return run_train_property(seed, kCases, [&]() -> std::optional<Failure> {
    return compare(generate(true, {0.0}),
                   " With dropout_p = 0 nothing is dropped in training either (and nothing is "
                   "rescaled: 1 / (1 - 0) = 1).");
  });
}

Outcome check_zero_or_rescaled(uint64_t seed) {
  return run_train_property(seed, kCases, [&]() -> std::optional<Failure> {
    const Case c = generate_revealing(true, kRates);
    const Calls r = run_learner(c);
    if (!shape_ok(c, r.run)) return failure_from_run(c, r.run);
    const Revealed got = reveal(c, r.run.out);
    const double scale = 1.0 / (1.0 - c.p);
    const std::vector<double> g = got.first.contiguous().to_vector<double>();
    const std::vector<double> e = got.expected.contiguous().to_vector<double>();
    bool ok = close(got.first, got.second, 1e-9, 1e-9);
    for (size_t i = 0; ok && i < g.size(); ++i) {
      const bool zero = std::abs(g[i]) <= 1e-9;
      ok = zero || std::abs(g[i] - scale * e[i]) <= 1e-9 * (1 + scale * std::abs(e[i]));
    }
    if (ok) return std::nullopt;
    std::ostringstream message;
    message << "in training every attention weight must be either 0 (dropped) or its value "
               "without dropout divided by 1 - p = "
            << (1.0 - c.p)
            << " (kept), and the rows shown are not (expected: the weights without dropout; got: "
               "the weights your output carries, see 'weights' below). A weight masked by "
               "causality stays 0.";
    if (!close(got.first, got.second, 1e-9, 1e-9))
      message << " Here the two copies of the weights in your output differ: something was "
                 "dropped after the weights met the values.";
    return failure(c, got.first, got.expected, message.str());
  });
}

/// The 6-sigma bound of a binomial proportion over n draws at rate p.
double proportion_bound(double p, double n) { return 6.0 * std::sqrt(p * (1 - p) / n) + 1.0 / n; }

Outcome check_statistics(uint64_t seed) {
  return run_train_property(seed, 20, [&]() -> std::optional<Failure> {
    const Case c = generate_revealing(true, kRates);
    constexpr int kCalls = 40;
    const Calls r = run_learner(c, kCalls);
    if (!shape_ok(c, r.run)) return failure_from_run(c, r.run);
    double positive = 0, zeros = 0, row_sum_total = 0, rows = 0, row_sum_variance = 0;
    const kt::Tensor expected = reveal(c, r.outs[0]).expected;
    const std::vector<double> e = expected.contiguous().to_vector<double>();
    // Variance of one row's sum under dropout: sum_j w_j^2 p / (1 - p).
    double per_row_variance = 0;
    for (const kt::Tensor& out : r.outs) {
      const std::vector<double> g = reveal(c, out).first.contiguous().to_vector<double>();
      for (size_t i = 0; i < g.size(); ++i) {
        if (e[i] > 1e-9) {
          ++positive;
          if (std::abs(g[i]) <= 1e-9) ++zeros;
        }
      }
      for (size_t row = 0; row * size_t(c.T) < g.size(); ++row) {
        double s = 0;
        for (int64_t j = 0; j < c.T; ++j) s += g[row * size_t(c.T) + size_t(j)];
        row_sum_total += s;
        ++rows;
      }
    }
    for (size_t row = 0; row * size_t(c.T) < e.size(); ++row) {
      double w2 = 0;
      for (int64_t j = 0; j < c.T; ++j)
        w2 += e[row * size_t(c.T) + size_t(j)] * e[row * size_t(c.T) + size_t(j)];
      per_row_variance += w2 * c.p / (1 - c.p);
    }
    row_sum_variance = per_row_variance / double(e.size() / size_t(c.T));  // mean per row
    const double rate = zeros / positive, bound = proportion_bound(c.p, positive);
    const double mean_sum = row_sum_total / rows;
    const double sum_bound = 6.0 * std::sqrt(row_sum_variance / rows) + 1e-9;
    std::ostringstream message;
    if (std::abs(rate - c.p) > bound) {
      message << "over " << kCalls << " calls, " << zeros << " of " << positive
              << " positive attention weights were dropped: a rate of " << rate
              << ", where dropout_p = " << c.p << " (a correct solution stays within " << bound
              << " of it: 6 standard deviations for this many draws). A weight is dropped with "
                 "probability p and kept with probability 1 - p.";
    } else if (std::abs(mean_sum - 1.0) > sum_bound) {
      message << "over " << kCalls << " calls the rows of attention weights sum to " << mean_sum
              << " on average, where dropout keeps their expected sum at 1 (a correct solution "
                 "stays within "
              << sum_bound << " of it here): the kept weights must be divided by 1 - p.";
    } else {
      return std::nullopt;
    }
    Failure f;
    f.counterexample = c.describe();
    f.message = message.str();
    return f;
  });
}

Outcome check_draws_from_gen(uint64_t seed) {
  return run_train_property(seed, 30, [&]() -> std::optional<Failure> {
    Case c = generate_revealing(true, {0.5}, 5);
    c.causal = false;  // T * T weights: two calls drawing the same mask by chance is < 3e-8
    const Calls first = run_learner(c, 2), again = run_learner(c, 2);
    if (!shape_ok(c, first.run)) return failure_from_run(c, first.run);
    if (!shape_ok(c, again.run)) return failure_from_run(c, again.run);
    Failure f;
    f.counterexample = c.describe();
    if (!identical(first.outs[0], again.outs[0])) {
      f.message =
          "two modules given generators seeded alike returned different outputs: the dropout "
          "draws do not come (only) from the generator passed to forward. Draw them with "
          "kt::rand(shape, gen): kt::rand(shape) uses a global generator, so a run cannot be "
          "reproduced from its seed.";
      return f;
    }
    if (identical(first.outs[0], first.outs[1])) {
      f.message =
          "two calls with the same generator dropped exactly the same weights: each call must "
          "draw new numbers from gen (do not copy or reseed it inside forward).";
      return f;
    }
    return std::nullopt;
  });
}

const Registrar shape({"shape", "forward returns (B, T, d_model)", check_shape});
const Registrar eval_matches({"eval_matches_reference",
                              "in evaluation mode the output is attention without dropout",
                              check_eval});
const Registrar p0({"train_p0_matches_reference",
                    "in training with dropout_p = 0 the output is attention without dropout",
                    check_train_p0});
const Registrar zero_or_rescaled({"weights_dropped_or_rescaled",
                                  "in training each weight is 0 or w / (1 - p), causal zeros "
                                  "included",
                                  check_zero_or_rescaled});
const Registrar statistics({"dropout_statistics",
                            "the rate of dropped weights is p, and rows keep an expected sum of 1",
                            check_statistics});
const Registrar draws({"draws_from_gen",
                       "the draws come from gen: same seed, same output; next call, new draws",
                       check_draws_from_gen});

}  // namespace
}  // namespace grader::kata_mha_train
