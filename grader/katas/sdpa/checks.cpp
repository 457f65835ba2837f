// The sdpa kata's general checks: shape, agreement with the reference (masks, causality, T_q and
// T_k apart, d_k and d_v apart), broadcast leading axes, exact causality, and queries with no key
// to attend to. Each known pitfall has its own detector in pitfalls/ID.cpp (see detect.hpp).
#include <rapidcheck.h>

#include "grader/katas/sdpa/cases.hpp"
#include "grader/katas/sdpa/catalogue.hpp"
#include "grader/katas/sdpa/mistakes.hpp"

namespace grader::kata_sdpa {
namespace {

constexpr int kCases = 100;

/// The general comparison with the reference, `why` explaining a failure on these inputs.
std::optional<Failure> compare(const Case& c, const Run& run, const std::string& why) {
  if (!shape_ok(c, run)) return failure_from_run(c, run);
  if (matches(c, run.out)) return std::nullopt;
  std::string message =
      all_finite(run.out)
          ? "the result differs from the reference (allclose with rtol 1e-9, atol 1e-12 fails)."
          : "the result has NaN or inf where the reference is finite.";
  message += why;
  message += float32_rounding_note(run.out, run_reference(c), "Float64");
  Failure f = failure(c, run.out, message);
  diagnose_after_shrinking(f, c);
  return f;
}

Outcome check_shape(uint64_t seed) {
  return run_sdpa_property(seed, kCases, [&]() -> std::optional<Failure> {
    const Case c = generate(Spec{});
    const Run run = run_learner(c);
    if (shape_ok(c, run)) return std::nullopt;
    Failure f = failure_from_run(c, run);
    // Not for a wrong dtype alone: its values are matches_reference's to diagnose. Another shape
    // (the weights, the keys, ...), or a kt::Error a catalogued mistake throws too (a mask
    // transposed where T_q != T_k: Note [mistake catalogue]), is diagnosed here.
    if ((run.ok() && f.wrong != Wrong::Dtype) || run.threw_error()) diagnose_after_shrinking(f, c);
    return f;
  });
}

Outcome check_matches_reference(uint64_t seed) {
  return run_sdpa_property(seed, kCases, [&]() -> std::optional<Failure> {
    const Case c = generate(Spec{});
    return compare(c, run_learner(c), " The row shown is the query where they differ most.");
  });
}

/// The case with q, k and v expanded to the broadcast leading axes (copies, the same values).
Case expanded(const Case& c) {
  kt::Shape batch = c.out_shape();
  batch.resize(batch.size() - 2);
  const auto full = [&](const kt::Tensor& t) {
    kt::Shape s = batch;
    s.push_back(t.size(-2));
    s.push_back(t.size(-1));
    return t.expand(s).contiguous();
  };
  Case e = c;
  e.q = full(c.q);
  e.k = full(c.k);
  e.v = full(c.v);
  return e;
}

Outcome check_leading_axes(uint64_t seed) {
  return run_sdpa_property(seed, kCases, [&]() -> std::optional<Failure> {
    Spec spec;
    spec.leading = Leading::Broadcast;
    const Case c = generate(spec);
    const Run run = run_learner(c);
    if (!shape_ok(c, run) || matches(c, run.out)) {
      return compare(c, run,
                     " Here q, k and v have different leading axes that broadcast (as in "
                     "PyTorch: an axis of size 1, or a missing one, is repeated).");
    }
    // Whether broadcasting is the problem: the same inputs expanded to equal leading axes.
    const Case e = expanded(c);
    const Run same_axes = run_learner(e);
    if (shape_ok(e, same_axes) && matches(e, same_axes.out)) {
      return compare(c, run,
                     " With q, k and v expanded to the same leading axes your code is right, so "
                     "the broadcasting is what goes wrong: an axis of size 1, or a missing one, "
                     "must be repeated as in PyTorch. kt::matmul and transpose(-2, -1) treat "
                     "every axis before the last two as a batch axis; do not assume 3 or 4 dims "
                     "or read a size from q alone.");
    }
    return compare(c, run,
                   " It is just as wrong with q, k and v expanded to the same leading axes, so the "
                   "broadcasting is not the problem: the mistake is elsewhere, and shows on this "
                   "case without its leading axes too.");
  });
}

Outcome check_causal(uint64_t seed) {
  return run_sdpa_property(seed, kCases, [&]() -> std::optional<Failure> {
    Spec spec;
    spec.t_min = 2;
    spec.masking = Masking::Causal;
    spec.no_empty_rows = false;
    const Case c = generate(spec);
    const int64_t tq = c.Tq(), tk = c.Tk();
    // Keys cut..T_k-1 change; the queries at positions 0..cut-1 must not see it.
    const auto cut =
        *rc::gen::inRange<int64_t>(std::max<int64_t>(1, tk - tq + 1), tk).as("first key changed");
    const auto seed2 = *rc::gen::inRange<uint64_t>(0, 1000).as("new keys seed");
    kt::Generator gen(seed2 + 7919);
    Case changed = c;
    changed.k = c.k.clone();
    changed.v = c.v.clone();
    changed.k.narrow(-2, cut, tk - cut)
        .copy_(kt::randn(c.k.narrow(-2, cut, tk - cut).sizes(), gen));
    changed.v.narrow(-2, cut, tk - cut)
        .copy_(kt::randn(c.v.narrow(-2, cut, tk - cut).sizes(), gen));
    const Run before = run_learner(c);
    if (!shape_ok(c, before)) return failure_from_run(c, before);
    const Run after = run_learner(changed);
    if (!shape_ok(changed, after)) return failure_from_run(changed, after);
    // Queries i with 0 <= T_k - T_q + i < cut.
    const int64_t first = std::max<int64_t>(0, tq - tk), last = cut - 1 - tk + tq;
    const int64_t n = last - first + 1;
    if (kt::equal(before.out.narrow(-2, first, n), after.out.narrow(-2, first, n))) {
      return std::nullopt;
    }
    Failure f;
    f.counterexample = c.describe();
    const auto span = [](int64_t a, int64_t b, const char* one, const char* many) {
      return a == b ? std::string(one) + " " + std::to_string(a)
                    : std::string(many) + " " + std::to_string(a) + ".." + std::to_string(b);
    };
    f.counterexample.emplace_back("changed",
                                  span(cut, tk - 1, "key and value", "keys and values") + " only");
    f.message =
        "with is_causal = true, the output of " + span(first, last, "query", "queries") + " (" +
        span(tk - tq + first, cut - 1, "position", "positions") +
        ") changed although only later keys and values changed: information from the "
        "future reaches the past. Causality must hold exactly (kt::equal, not allclose). "
        "\"expected\" below is your own output before the change, \"got\" after it." +
        rounding_only_causality(before.out.narrow(-2, first, n), after.out.narrow(-2, first, n));
    if (tq != tk) {
      f.message += " Query i sits at position T_k - T_q + i = " + std::to_string(tk - tq) +
                   " + i here: a causal mask built for T_q = T_k (tril without that offset) puts "
                   "the diagonal in the wrong place.";
    }
    // Only the rows that must not move are compared; the others show no difference.
    kt::Tensor shown = before.out.clone();
    shown.narrow(-2, first, n).copy_(after.out.narrow(-2, first, n));
    show_worst_row(shown, before.out, f, "out");
    diagnose_after_shrinking(f, c);
    return f;
  });
}

Outcome check_fully_masked_rows(uint64_t seed) {
  return run_sdpa_property(seed, kCases, [&]() -> std::optional<Failure> {
    Spec spec;
    spec.no_empty_rows = false;
    // Causality alone (T_q > T_k), the mask alone, or both, where a query may keep keys each
    // allows but none both allow.
    switch (*rc::gen::inRange(0, 3).as("queries with no key")) {
      case 0:
        spec.masking = Masking::Causal;
        spec.lengths = Lengths::MoreQueries;
        break;
      case 1:
        spec.masking = Masking::FullyMasked;
        break;
      default:
        spec.masking = Masking::FullyMaskedAndCausal;
        break;
    }
    const Case c = generate(spec);
    const Run run = run_learner(c);
    if (!shape_ok(c, run)) return failure_from_run(c, run);
    if (matches(c, run.out)) return std::nullopt;
    const std::string which =
        c.causal && c.mask.defined()
            ? "with attn_mask and is_causal, a query keeps only the keys both allow, and here "
              "some queries keep none (a row of attn_mask entirely false, or one that keeps only "
              "keys causality hides)"
        : c.causal ? "with is_causal and T_q > T_k, the first T_q - T_k = " +
                         std::to_string(c.Tq() - c.Tk()) +
                         " queries sit before the first key and may attend to none"
                   : "a row of attn_mask that is entirely false leaves its query no key to attend "
                     "to (a padded position)";
    std::string message;
    if (empty_rows_ok(c, run.out)) {
      message = "the queries with no key to attend to are right (" + which +
                "), but other queries differ from the reference (the row shown): "
                "matches_reference and the pitfall checks say more.";
    } else if (!all_finite(run.out)) {
      message = "the result has NaN or inf: " + which +
                ", and such a row must still be finite. Accepted: the mean of the values "
                "(what filling masked scores with kt::finfo(dtype).min gives), zeros, or "
                "attention over every key.";
    } else {
      message = "a query with no key to attend to gets none of the accepted results: " + which +
                ". Such a row may be the mean of the values, zeros, or attention over every "
                "key.";
    }
    // Where both masks are given, the one mistake only this check sees: said outright.
    if (c.causal && c.mask.defined() &&
        same_as_mistake(run.out, sdpa_with_mistakes(c, {.biases_summed = true})))
      message +=
          " Your output equals adding kt::finfo(dtype).min once for each of the two: where both "
          "hide a key the sum overflows to -inf (NaN where a query has no key left), and where the "
          "two together leave a query no key its weights go to the keys one of them allows. "
          "Combine them into one Bool first (a key must pass both: attn_mask & the causal "
          "triangle), then fill once.";
    Failure f = failure(c, run.out, message);
    diagnose_after_shrinking(f, c);
    return f;
  });
}

const Registrar registered_shape(
    {"shape",
     "returns (…, T_q, d_v) in Float64, the leading axes broadcast, for any "
     "T_q, T_k, d_k, d_v",
     check_shape});
const Registrar registered_matches_reference(
    {"matches_reference",
     "equals the reference with no mask, a mask, is_causal or both, "
     "T_q and T_k apart (allclose rtol 1e-9, atol 1e-12)",
     check_matches_reference});
const Registrar registered_leading_axes(
    {"leading_axes", "q, k and v with different leading axes broadcast like PyTorch's",
     check_leading_axes});
const Registrar registered_causal_is_causal(
    {"causal_is_causal",
     "with is_causal, changing later keys and values leaves earlier "
     "queries' outputs bit-identical",
     check_causal});
const Registrar registered_fully_masked_rows(
    {"fully_masked_rows",
     "a query with no key to attend to gives finite values, the "
     "rest still matches",
     check_fully_masked_rows});

}  // namespace
}  // namespace grader::kata_sdpa
