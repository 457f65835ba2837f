// The mha_train kata's general checks: without dropout (eval mode, or p = 0) the module is the
// reference's attention; in training, the weights seen through the output (Note [weights seen
// through the output] in cases.cpp) are each 0 or w / (1 - p), dropped at the rate p, drawn from
// the generator passed in. Each known pitfall has its own detector in pitfalls/ID.cpp.
#include <algorithm>
#include <cmath>
#include <sstream>

#include "grader/katas/mha_train/cases.hpp"
#include "grader/katas/mha_train/catalogue.hpp"
#include "grader/lib/attention_map.hpp"

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

/// On an eval() case's smallest failure: when the output changes from call to call or with the
/// generator's seed, dropout is still on in evaluation, the signature of dropout_in_eval (Note
/// [mha_train detectors]), and the failure is tied to it. Otherwise (and on a training case with
/// dropout_p = 0) the catalogue's diagnosis (catalogue.hpp).
void diagnose_random_eval(Failure& f, const Case& c) {
  Failure with_catalogue;
  if (!c.training || c.p == 0.0) diagnose_after_shrinking(with_catalogue, c);
  const auto catalogue = with_catalogue.after_shrinking;
  f.after_shrinking = [c, catalogue](Failure& shrunk) {
    const auto otherwise = [&] {
      if (catalogue) catalogue(shrunk);
    };
    if (c.training) return otherwise();
    Case reseeded = c;
    reseeded.gen_seed = c.gen_seed + 1;
    // 24 calls: even one weight kept with probability 0.7 is dropped in one of them but for 2e-4.
    const Calls a = run_learner(c, 16), b = run_learner(reseeded, 8);
    if (!shape_ok(c, a.run) || !shape_ok(c, b.run)) return otherwise();
    const auto alike = [&](const kt::Tensor& out) { return identical(out, a.outs[0]); };
    if (std::all_of(a.outs.begin(), a.outs.end(), alike) &&
        std::all_of(b.outs.begin(), b.outs.end(), alike))
      return otherwise();
    shrunk.diagnosis = "dropout_in_eval";
    shrunk.diagnosis_message =
        "in eval() your output changes from call to call and with the generator's seed: "
        "something is still drawn and applied in evaluation mode. This is the pitfall "
        "dropout_in_eval.";
  };
}

std::optional<Failure> compare(const Case& c, const std::string& why) {
  const Calls r = run_learner(c);
  if (!shape_ok(c, r.run)) return failure_from_run(c, r.run);
  const kt::Tensor expected = run_reference(c);
  if (close(r.run.out, expected)) return std::nullopt;
  Failure f = failure(c, r.run.out, expected,
                      "the output differs from multi-head attention without dropout (allclose "
                      "rtol 1e-9, atol 1e-12 fails)." +
                          why);
  diagnose_random_eval(f, c);
  return f;
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
            << " (kept), and the rows shown are not (expected: 0 where yours is 0, elsewhere the "
               "weight without dropout divided by 1 - p; got: the weights your output carries, see "
               "'weights' below). A weight masked by causality stays 0.";
    // The output divided by 1 - p after out_proj (its bias divided too), the weights dropped but
    // not divided: read back, each weight is (w + b) / (1 - p) - b.
    const kt::Tensor undivided = (got.first + kOutBias) * (1.0 - c.p) - kOutBias;
    if (dropout_pattern(undivided, got.expected, 1.0) || close(undivided, got.expected))
      message << " Your output is one divided by 1 - p after out_proj: multiplied back by 1 - p, "
                 "its weights are each 0 or the weight without dropout. Dividing the output "
                 "divides out_proj's bias too ("
              << kOutBias
              << " here): divide the kept weights "
                 "by 1 - p, before weights @ v, and not the output.";
    // Nothing dropped on this call, and the weights left as they are: a divisor taken from the
    // call (the share kept, a row's sum) that is 1 when nothing is dropped.
    const bool none_dropped =
        std::none_of(g.begin(), g.end(), [&](double w) { return std::abs(w) <= 1e-9; }) ||
        std::equal(g.begin(), g.end(), e.begin(), [](double a, double b) {
          return (std::abs(a) <= 1e-9) == (std::abs(b) <= 1e-9);
        });
    // ... and on every one of more calls: no dropout at all, said as that (the divisor is then
    // not what is missing).
    bool never = false;
    if (none_dropped && close(got.first, got.expected)) {
      constexpr int kMore = 8;
      const Calls more = run_learner(c, kMore);
      never = more.run.ok() && int(more.outs.size()) == kMore &&
              std::all_of(more.outs.begin(), more.outs.end(), [&](const kt::Tensor& out) {
                return close(reveal(c, out).first, got.expected);
              });
      // The same case with the causal mask the other way: dropout written inside one branch of
      // `if (causal)` drops there.
      Case flipped = c;
      flipped.causal = !c.causal;
      bool drops_when_flipped = false;
      if (never) {
        const Calls other = run_learner(flipped, kMore);
        drops_when_flipped =
            other.run.ok() &&
            std::any_of(other.outs.begin(), other.outs.end(), [&](const kt::Tensor& out) {
              const Revealed w = reveal(flipped, out);
              return !close(w.first, w.expected);
            });
      }
      if (drops_when_flipped)
        message << " On this call and on " << kMore
                << " more, all with causal = " << (c.causal ? "true" : "false")
                << ", your weights are the weights without dropout, nothing dropped and nothing "
                   "divided; on the same case with causal = "
                << (c.causal ? "false" : "true")
                << " your code does drop. Dropout applies in training whether the causal mask is "
                   "on or not: take it out of the branch on causal, after the softmax.";
      else if (never)
        message << " On this call and on " << kMore
                << " more, your weights are the weights without dropout, nothing dropped and "
                   "nothing divided: your code applies no dropout in training. Draw a keep/drop "
                   "decision from gen for every weight, zero the dropped ones and divide the kept "
                   "ones by 1 - p.";
      else
        message << " On this call no weight was dropped, and yours are the weights without "
                   "dropout, not divided by 1 - p: the kept weights are divided by 1 - p on every "
                   "call, whatever was dropped (not by the share of weights actually kept, and "
                   "not renormalised to sum to 1).";
    }
    if (!close(got.first, got.second, 1e-9, 1e-9))
      message << " Here the two copies of the weights in your output differ: something other "
                 "than the weights was dropped (the values v, or the heads or the output after "
                 "the weights met v).";
    // What a right dropout that dropped the weights yours dropped gives: a ratio got/expected of
    // 1 - p says the kept weights were not divided (rows renormalised, or the output divided
    // instead, show other ratios).
    const kt::Tensor dropped = kt::abs(got.first) <= 1e-9;
    const kt::Tensor expected = (got.expected * scale).masked_fill(dropped, 0.0);
    Failure f = failure(c, got.first, expected, message.str(), /*expected_said=*/true);
    // The weights your output carries (after dropout) beside those of a right dropout.
    f.attention_map = make_attention_map(expected, got.first, {"batch entry", "head"});
    return f;
  });
}

/// The spread of the mean of per-call values: their sample variance over the calls, divided by the
/// number of calls. Note [statistics over calls]
double variance_of_mean(const std::vector<double>& per_call) {
  const double n = double(per_call.size());
  double mean = 0, squares = 0;
  for (double v : per_call) mean += v / n;
  for (double v : per_call) squares += (v - mean) * (v - mean);
  return squares / (n - 1) / n;
}

// Note [statistics over calls]
// The rate of dropped weights and the rows' mean sum are averaged over every weight and row of 40
// calls. Their bound is 6 standard deviations of that average, from the larger of two variances:
// the one independent dropout gives (binomial for the rate; sum_j w_j^2 p / (1 - p) for a row's
// sum), and the one the calls show (each call's rate or mean row sum taken as one sample, the 40
// calls being independent whatever the solution does inside a call). The second keeps a mask
// shared inside a call (whole rows dropped together, one mask for every batch entry), whose
// averages are right but vary more, from failing here by chance with a message about the rate or
// the rescaling: dropout_independent is the check that names it.
Outcome check_statistics(uint64_t seed) {
  return run_train_property(seed, 20, [&]() -> std::optional<Failure> {
    const Case c = generate_revealing(true, kRates);
    constexpr int kCalls = 40;
    const Calls r = run_learner(c, kCalls);
    if (!shape_ok(c, r.run)) return failure_from_run(c, r.run);
    const std::vector<double> e = reveal(c, r.outs[0]).expected.contiguous().to_vector<double>();
    const size_t T = size_t(c.T), rows_per_call = e.size() / T;
    double positive_per_call = 0;
    for (double w : e) positive_per_call += w > 1e-9 ? 1 : 0;
    // The weights an output carries (read on its own case), and how many positive ones it drops.
    const auto carried = [&](const Case& of, const kt::Tensor& out) {
      return reveal(of, out).first.contiguous().to_vector<double>();
    };
    const auto dropped = [&](const std::vector<double>& g) {
      double zeros = 0;
      for (size_t i = 0; i < g.size(); ++i)
        if (e[i] > 1e-9 && std::abs(g[i]) <= 1e-9) ++zeros;
      return zeros;
    };
    std::vector<double> call_rate, call_mean_sum;
    for (const kt::Tensor& out : r.outs) {
      const std::vector<double> g = carried(c, out);
      double sums = 0;
      for (const double w : g) sums += w;
      call_rate.push_back(dropped(g) / positive_per_call);
      call_mean_sum.push_back(sums / double(rows_per_call));
    }
    // Variance of one row's sum under independent dropout: sum_j w_j^2 p / (1 - p).
    double per_row_variance = 0;
    for (double w : e) per_row_variance += w * w * c.p / (1 - c.p);
    per_row_variance /= double(rows_per_call);  // the mean over the rows
    const double positive = positive_per_call * kCalls, rows = double(rows_per_call) * kCalls;
    double rate = 0, mean_sum = 0;
    for (int t = 0; t < kCalls; ++t) {
      rate += call_rate[size_t(t)] / kCalls;
      mean_sum += call_mean_sum[size_t(t)] / kCalls;
    }
    const double bound =
        6.0 * std::sqrt(std::max(c.p * (1 - c.p) / positive, variance_of_mean(call_rate))) +
        1.0 / positive;
    const double sum_bound =
        6.0 * std::sqrt(std::max(per_row_variance / rows, variance_of_mean(call_mean_sum))) + 1e-9;
    std::ostringstream message;
    if (std::abs(rate - c.p) > bound) {
      message << "over " << kCalls << " calls, " << std::lround(rate * positive) << " of "
              << positive << " positive attention weights were dropped: a rate of " << rate
              << ", where dropout_p = " << c.p << " (a correct solution stays within " << bound
              << " of it: 6 standard deviations for this many draws, and one draw). A weight is "
                 "dropped with probability p and kept with probability 1 - p.";
      // The same case at another p: a rate that does not move ignores p (one key dropped per
      // row, a probability taken from the weights), said with both rates.
      Case other = c;
      other.p = c.p < 0.45 ? 0.7 : 0.1;
      const Calls again = run_learner(other, kCalls);
      if (again.run.ok() && int(again.outs.size()) == kCalls) {
        double zeros = 0;
        for (const kt::Tensor& out : again.outs) zeros += dropped(carried(other, out));
        const double other_rate = zeros / positive;
        if (rate > 0 && other_rate > 0 && std::abs(other_rate - rate) < 0.1)
          message << " With dropout_p = " << other.p << " on the same case your code drops "
                  << other_rate
                  << " of them: its rate hardly follows p, so what decides a drop is not a draw "
                     "compared with dropout_p (one weight dropped per row, or a probability taken "
                     "from something else).";
      }
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
    Case c = generate_revealing(true, {0.5}, {.T_min = 5});
    c.causal = false;
    // Six calls alike by chance: below 2^-25 even for a mask with one number per key (5 of them),
    // which dropout_independent names; with T * T numbers per call, far below.
    constexpr int kCalls = 6;
    const Calls first = run_learner(c, kCalls), again = run_learner(c, 1);
    if (!shape_ok(c, first.run)) return failure_from_run(c, first.run);
    if (!shape_ok(c, again.run)) return failure_from_run(c, again.run);
    Failure f;
    f.counterexample = c.describe();
    if (!identical(first.outs[0], again.outs[0])) {
      f.message =
          "two modules given generators seeded alike returned different outputs: the dropout "
          "draws do not all come from the generator passed to forward. Draw them with "
          "kt::rand(shape, gen): kt::rand(shape) uses a global generator, so a run cannot be "
          "reproduced from its seed.";
      return f;
    }
    if (std::all_of(first.outs.begin(), first.outs.end(),
                    [&](const kt::Tensor& out) { return identical(out, first.outs[0]); })) {
      // Nothing dropped at all: not the draws, the dropout itself is missing.
      const Revealed got = reveal(c, first.outs[0]);
      if (close(got.first, got.expected)) {
        std::ostringstream none;
        none << "none of the " << kCalls
             << " calls with the same generator dropped a weight, with dropout_p = " << c.p
             << ": your weights are the ones without dropout on every call, so whatever your "
                "code draws from gen changes nothing. Drop each weight with probability p (a new "
                "draw from gen on every call) and divide the kept ones by 1 - p.";
        f.message = none.str();
        return f;
      }
      f.message = "the " + std::to_string(kCalls) +
                  " calls with the same generator dropped exactly the same weights: each call "
                  "must draw new numbers from gen (do not copy or reseed it inside forward, nor "
                  "keep a mask from an earlier call).";
      return f;
    }
    return std::nullopt;
  });
}

Outcome check_independent(uint64_t seed) {
  return run_train_property(seed, kIndependenceCases, [&]() -> std::optional<Failure> {
    const Case c = independence_case();
    const Calls r = run_learner(c, kIndependenceCalls);
    if (!shape_ok(c, r.run)) return failure_from_run(c, r.run);
    const Independence found = independence(c, r.outs);
    if (found.problem.empty()) return std::nullopt;
    Failure f;
    f.counterexample = c.describe();
    f.message = found.problem;
    if (!found.shared_axes.empty() && found.kept_as_dropout) {
      f.diagnosis = "dropout_mask_shared";
      f.diagnosis_message =
          "one mask shared " + found.shared_where + ": the pitfall " + "dropout_mask_shared.";
    }
    return f;
  });
}

Outcome check_eval_leaves_gen(uint64_t seed) {
  return run_train_property(seed, kCases, [&]() -> std::optional<Failure> {
    const Case c = generate(false, kRates);
    const int64_t weights = c.B * c.H * c.T * c.T;
    if (weights < 4) return std::nullopt;  // a count of draws that says what was drawn
    const Calls r = run_learner(c);
    if (!shape_ok(c, r.run)) return failure_from_run(c, r.run);
    const int64_t taken = draws_taken(c.gen_seed, r.gen_after);
    if (taken == 0) return std::nullopt;
    std::ostringstream message;
    message << "in evaluation mode (after eval()) one call of forward ";
    if (taken > 0) {
      message << "took " << taken << (taken == 1 ? " number" : " numbers") << " from gen";
      if (taken == weights)
        message << " (as many as the attention weights, B * H * T * T = " << weights
                << ": a whole dropout mask was drawn, even if it was not applied)";
    } else {
      message << "moved gen to a state that is not a few draws on from where it was (reseeded "
                 "or replaced)";
    }
    message << " (gen as your process sent it back after the call: its own report).";
    if (close(r.run.out, run_reference(c)))
      message << " Your output is right (nothing was dropped), but that is not enough:";
    message << " evaluation must not touch gen (mha_train.hpp: \"gen is not used\"). A model "
               "evaluated between two training steps would otherwise shift every later draw of "
               "the training, which then no longer follows from its seed. Draw from gen only "
               "inside if (training() && dropout_p > 0).";
    Failure f;
    f.counterexample = c.describe();
    f.message = message.str();
    diagnose_random_eval(f, c);
    return f;
  });
}

const Registrar registered_shape({"shape", "forward returns (B, T, d_model)", check_shape});
const Registrar registered_eval_matches_reference(
    {"eval_matches_reference", "in evaluation mode the output is attention without dropout",
     check_eval});
const Registrar registered_train_p0_matches_reference(
    {"train_p0_matches_reference",
     "in training with dropout_p = 0 the output is attention without dropout", check_train_p0});
const Registrar registered_weights_dropped_or_rescaled(
    {"weights_dropped_or_rescaled",
     "in training each weight is 0 or w / (1 - p), causal zeros "
     "included",
     check_zero_or_rescaled});
const Registrar registered_dropout_statistics(
    {"dropout_statistics", "the rate of dropped weights is p, and rows keep an expected sum of 1",
     check_statistics});
const Registrar registered_draws_from_gen(
    {"draws_from_gen", "the draws come from gen: same seed, same output; next call, new draws",
     check_draws_from_gen});
const Registrar registered_dropout_independent(
    {"dropout_independent",
     "each weight is dropped independently of every other: across batch "
     "entries, heads, queries and keys",
     check_independent});
const Registrar registered_eval_leaves_gen_untouched(
    {"eval_leaves_gen_untouched", "in evaluation mode forward draws nothing from gen",
     check_eval_leaves_gen});

}  // namespace
}  // namespace grader::kata_mha_train
