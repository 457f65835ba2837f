// The sampling kata's general checks: greedy at temperature 0, one draw per call, the draws
// replayed with temperature alone, with top-k (ties among them), with top-p, at small
// temperatures, the frequencies of many draws, the logits left as they were, and arguments outside
// the API refused. Each known pitfall has its own detector in pitfalls/ID.cpp (see detect.hpp).
#include <rapidcheck.h>

#include <cmath>
#include <sstream>

#include "grader/katas/sampling/cases.hpp"
#include "grader/katas/sampling/catalogue.hpp"
#include "reference/sampling/sampling.hpp"

namespace grader::kata_sampling {
namespace {

constexpr int kCases = 100;

// Note [logits changed between calls]
// A case's calls share one logits tensor, as a caller's loop would: code that writes into it
// (logits.div_(temperature)) draws the second call from other logits, and every check that replays
// calls fails with inputs_unchanged. Round 50's reader, shown those draws first and
// inputs_unchanged last as "maybe from the same mistake", worked the draws out by hand and read the
// cause backwards. A failure whose calls changed the logits is diagnosed so, and inputs_unchanged
// with it: one cause.
void set_logits_changed(Failure& f) {
  f.diagnosis = "logits_changed";
  f.diagnosis_message =
      "Your sample_token writes into the logits it is given (inputs_unchanged fails), so each "
      "call after the first draws from other logits than the statement's calls see. Compute into "
      "new tensors (logits / temperature, masked_fill without the underscore); the draws may then "
      "be right.";
}

/// The replay of a case's calls, diagnosed against the catalogue when wrong.
std::optional<Failure> replay(const Case& c, const std::string& why) {
  const Called called = call_learner_on(c);
  auto f = compare(c, called, why);
  if (f && called.run.ok() && called.changed)
    set_logits_changed(*f);
  else if (f && called.run.ok())
    diagnose_after_shrinking(*f, c);
  return f;
}

Outcome check_greedy(uint64_t seed) {
  return run_sampling_property(seed, kCases / 2, [&]() -> std::optional<Failure> {
    Spec spec;
    spec.temperature = Temperature::Zero;
    spec.top_k = spec.top_p = Filter::Random;
    spec.ties = *rc::gen::arbitrary<bool>().as("ties");
    spec.calls = 3;
    return replay(generate(spec),
                  " Temperature 0 is greedy decoding: the index of the largest logit (the first "
                  "of them when several tie), nothing divided by 0 and nothing drawn.");
  });
}

Outcome check_one_draw(uint64_t seed) {
  return run_sampling_property(seed, kCases / 2, [&]() -> std::optional<Failure> {
    Spec spec;
    spec.top_k = spec.top_p = Filter::Random;
    spec.calls = 3;
    const Case c = generate(spec);
    const Called called = call_learner_on(c);
    if (!called.run.ok()) return failure_from_run(c, called.run);
    if (called.draws == c.calls) return std::nullopt;
    const std::string why =
        called.draws == 0 ? "Draw from the gen you are given: kt::rand and "
                            "kt::default_generator() leave it untouched."
        : called.draws == 2 * c.calls
            ? "That is two per call: one gen.uniform() too many, or gen.normal() (which takes "
              "two)."
        : called.draws < c.calls ? "Some calls drew nothing: draw once on every call at a "
                                   "temperature above 0, even when one token is left."
                                 : "Draw u = gen.uniform() once, after the filters.";
    Failure f = failure(c, called.tokens, draws_text(c, called.draws) + ". " + why);
    set_draws(f, c, called.draws);
    return f;
  });
}

Outcome check_temperature(uint64_t seed) {
  return run_sampling_property(seed, kCases, [&]() -> std::optional<Failure> {
    return replay(generate(Spec{}),
                  " With top_k 0 and top_p 1 every token is kept: p = softmax(logits / "
                  "temperature), and the draw walks the tokens in increasing index.");
  });
}

Outcome check_top_k(uint64_t seed) {
  return run_sampling_property(seed, kCases, [&]() -> std::optional<Failure> {
    Spec spec;
    spec.top_k = Filter::On;
    spec.ties = *rc::gen::arbitrary<bool>().as("ties");
    const Case c = generate(spec);
    return replay(c, " top_k = " + std::to_string(c.top_k) +
                         " keeps every token whose score is at least the " + ordinal(c.top_k) +
                         " largest score (ties with it kept, so possibly more than top_k "
                         "tokens); p is the softmax over those alone.");
  });
}

constexpr const char* kTopPRule =
    " top_p keeps the most probable tokens (p over the tokens top-k left), in decreasing p (lower "
    "index first on ties), up to and including the one whose cumulative sum reaches top_p; p is "
    "then the softmax over those alone, and the draw walks them in increasing index.";

Outcome check_top_p(uint64_t seed) {
  Outcome random = run_sampling_property(seed, kCases, [&]() -> std::optional<Failure> {
    Spec spec;
    spec.top_k = Filter::Random;
    spec.top_p = Filter::On;
    spec.ties = *rc::gen::arbitrary<bool>().as("ties");
    return replay(generate(spec), kTopPRule);
  });
  if (!random.passed) return random;
  // Then the fixed cases where top-k and top-p both cut. A nucleus summed over every token, or
  // taken before top-k, differs from the statement's only where top-k cut enough mass that the
  // cumulative sum crosses top_p at another token; random cases place top_p well inside a
  // token's stretch of the right sums, and 100 of them passed both mistakes on seed 5.
  for (const Case& c : discriminating_cases()) {
    if (c.temperature == 0 || c.top_k == 0 || c.top_p >= 1) continue;
    ++random.cases_run;
    if (std::optional<Failure> f =
            replay(c, std::string(kTopPRule) +
                          " This case is a fixed one, where top-k and top-p both drop tokens.")) {
      if (f->after_shrinking) f->after_shrinking(*f);
      return {.passed = false, .cases_run = random.cases_run, .failure = std::move(*f)};
    }
  }
  return random;
}

Outcome check_small_temperature(uint64_t seed) {
  return run_sampling_property(seed, kCases / 2, [&]() -> std::optional<Failure> {
    Spec spec;
    spec.temperature = Temperature::Small;
    spec.top_k = spec.top_p = Filter::Random;
    return replay(generate(spec),
                  " At this temperature the scores logits / temperature reach 750 and more: "
                  "exp of them overflows (past 709 in Float64, 88 in Float32) unless the largest "
                  "score is taken out of every score first, as kt::softmax does.");
  });
}

Outcome check_frequencies(uint64_t seed) {
  return run_sampling_property(seed, 10, [&]() -> std::optional<Failure> {
    Spec spec;
    spec.v_min = 2;
    spec.v_max = 8;
    spec.top_k = spec.top_p = Filter::Random;
    spec.calls = 1000;
    const Case c = generate(spec);
    const Called called = call_learner_on(c);
    if (!called.run.ok()) return failure_from_run(c, called.run);
    const ref::Distribution d =
        ref::sampling_distribution(c.logits, c.temperature, c.top_k, c.top_p);
    const auto v = size_t(c.logits.numel());
    std::vector<double> count(v, 0.0);
    int64_t outside = 0;
    for (int64_t t : called.tokens) {
      if (t >= 0 && size_t(t) < v) {
        count[size_t(t)] += 1;
      } else {
        ++outside;
      }
    }
    const double m = double(c.calls);
    std::string off;
    std::ostringstream expected, got;
    expected.precision(3);
    got.precision(3);
    for (size_t t = 0; t < v; ++t) {
      const double want = m * d.p[t];
      const double sigma = std::sqrt(want * (1 - d.p[t]));
      expected << (t ? ", " : "") << d.p[t];
      got << (t ? ", " : "") << count[t] / m;
      if (std::abs(count[t] - want) <= 5 * sigma + 1) continue;
      std::ostringstream s;
      s.precision(3);
      s << "token " << t << " came " << int64_t(count[t]) << " times, where p = " << d.p[t]
        << (d.p[t] == 0 ? " (the filters drop it)"
                        : " expects " + std::to_string(int64_t(std::round(want))) + " +- " +
                              std::to_string(int64_t(std::ceil(5 * sigma + 1))));
      if (off.size() < 400) off += (off.empty() ? "" : "; ") + s.str();
    }
    if (off.empty() && outside == 0) return std::nullopt;
    Failure f;
    f.counterexample = c.describe();
    f.expected = "p = [" + expected.str() + "]";
    f.got =
        "frequencies = [" + got.str() + "]" +
        (outside ? ", and " + number(double(outside) / m, 3) + " of the calls no token of [0, V)"
                 : "");
    f.message = "over " + std::to_string(c.calls) +
                " calls your tokens do not come with the probabilities p the statement draws "
                "from (bounds of 5 standard deviations): " +
                (outside ? std::to_string(outside) + " calls returned no token of [0, V)" +
                               (off.empty() ? "" : "; ")
                         : "") +
                off + ".";
    // A mistake the catalogue knows draws its own tokens call for call: named here too, so this
    // check is tied to the replays' failure of that cause, not left as one of its own (round 48).
    if (called.changed)
      set_logits_changed(f);  // Note [logits changed between calls]
    else if (outside == 0)
      diagnose_after_shrinking(f, c);
    return f;
  });
}

Outcome check_inputs_unchanged(uint64_t seed) {
  return run_sampling_property(seed, kCases / 2, [&]() -> std::optional<Failure> {
    Spec spec;
    spec.top_k = spec.top_p = Filter::Random;
    spec.calls = 2;
    const Case c = generate(spec);
    const Called called = call_learner_on(c);
    if (!called.run.ok()) return failure_from_run(c, called.run);
    if (!called.changed) return std::nullopt;
    Failure f = failure(c, called.tokens,
                        "your sample_token changed logits: after the call it no longer holds the "
                        "values it was given. A kt::Tensor copy shares its storage (like a "
                        "torch.Tensor), so an in-place op on it (copy_, masked_fill_, fill_) "
                        "writes into the caller's logits. Compute into new tensors (logits / "
                        "temperature, kt::where, masked_fill without the underscore).");
    set_logits_changed(f);  // Note [logits changed between calls]
    return f;
  });
}

Outcome check_bad_arguments_throw(uint64_t seed) {
  return run_sampling_property(seed, kCases / 4, [&]() -> std::optional<Failure> {
    Spec spec;
    spec.v_min = 2;
    spec.float64_only = true;
    spec.calls = 1;
    spec.temperature = Temperature::Any;  // at temperature 0 too: the API refuses them all the same
    Case c = generate(spec);
    const auto bad = *rc::gen::inRange(0, 5).as("the argument outside the API");
    std::string what;
    switch (bad) {
      case 0:
        c.temperature = -0.5;
        what = "temperature = -0.5 (it must be >= 0)";
        break;
      case 1:
        c.top_k = -1;
        what = "top_k = -1 (it must be >= 0)";
        break;
      case 2:
        c.top_p = 0.0;
        what = "top_p = 0 (it must be in (0, 1])";
        break;
      case 3:
        c.top_p = 1.5;
        what = "top_p = 1.5 (it must be in (0, 1])";
        break;
      default:
        c.top_p = -0.2;
        what = "top_p = -0.2 (it must be in (0, 1])";
        break;
    }
    const Called called = call_learner_on(c);
    return value_error_expected(
        called.run, [&] { return failure_from_run(c, called.run); }, what,
        called.run.ok() ? "returned token " + std::to_string(called.tokens.at(0)) : "",
        "Check the three arguments first: throw kt::ValueError(\"top_p must be in (0, 1], got "
        "1.5\") and the like.",
        c.describe(),
        c.temperature == 0 && bad != 0
            ? ", even at temperature 0 (check the arguments before the greedy return)"
            : "");
  });
}

const Registrar registered_greedy(
    {"greedy", "temperature 0 returns the first index of the largest logit, no draw",
     check_greedy});
const Registrar registered_one_draw({"one_draw", "each call takes exactly one gen.uniform()",
                                     check_one_draw});
const Registrar registered_temperature({"temperature",
                                        "the draws are the statement's with temperature alone",
                                        check_temperature});
const Registrar registered_top_k({"top_k", "the draws are the statement's with top-k, ties kept",
                                  check_top_k});
const Registrar registered_top_p({"top_p", "the draws are the statement's with top-p (and top-k)",
                                  check_top_p});
const Registrar registered_small_temperature(
    {"small_temperature", "temperatures of 0.01 and 0.02 give the statement's draws",
     check_small_temperature});
const Registrar registered_frequencies({"frequencies",
                                        "over 1000 calls each token comes with its probability",
                                        check_frequencies});
const Registrar registered_inputs_unchanged({"inputs_unchanged", "logits is not modified",
                                             check_inputs_unchanged});
const Registrar registered_bad_arguments_throw(
    {"bad_arguments_throw",
     "a temperature, top_k or top_p outside the API throws "
     "kt::ValueError",
     check_bad_arguments_throw});

}  // namespace
}  // namespace grader::kata_sampling
