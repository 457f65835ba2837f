// The general checks of multi-head attention (checks.hpp): shape, agreement with the reference,
// causality, fully masked rows.
#include <rapidcheck.h>

#include <cstdio>

#include "grader/katas/mha_family/catalogue.hpp"
#include "grader/katas/mha_family/checks.hpp"
#include "grader/katas/mha_family/detect.hpp"
#include "grader/katas/mha_family/journey.hpp"
#include "grader/lib/remote.hpp"

namespace grader::mha {
namespace {

constexpr int kCases = 100;

/// A case of the general ranges, through either overload (a mask, or the causal flag).
Case any_call() {
  Spec spec;
  spec.masking = *rc::gen::arbitrary<bool>().as("use the mask overload") ? Masking::Partial
                                                                         : Masking::CausalFlag;
  return generate(spec);
}

/// A forward that returns different results for two identical calls: its own mistake, whatever a
/// check compares it with; reported as such rather than as a wrong (or acausal) answer.
std::optional<Failure> varies_between_calls(const Case& c, const Run& first) {
  const Run again = run_learner(c);
  if (!shape_ok(c, again) || identical(first.out, again.out)) return std::nullopt;
  Failure f;
  f.counterexample = c.describe();
  char by[32];
  std::snprintf(by, sizeof by, "%.3g",
                kt::amax(kt::abs(again.out.to(kt::Float64) - first.out.to(kt::Float64))).item());
  f.message = kata_call().what +
              " returned different results for two identical calls on the same inputs (they "
              "differ by up to " +
              by +
              "): it depends on something besides them (memory it reads before writing, a static "
              "variable kept between calls, randomness). The row shown is where the two calls "
              "differ most.";
  show_worst_row(again.out, first.out, f);
  f.diagnosis = "varies_between_calls";
  f.diagnosis_message = "Your " + kata_call().what +
                        " is not a function of its inputs. Compute every value from the inputs "
                        "of this call: initialise what you allocate, keep no state between calls.";
  // Which of the three: the first calls of two fresh learner's processes (remote::FreshLearner)
  // alike mean the result follows what earlier calls left, not randomness (readers were left to
  // choose, docs/feedback.md round 41).
  const auto first_call = [&] {
    const remote::FreshLearner fresh;
    return run_learner(c);
  };
  const Run one = first_call(), other = first_call();
  if (shape_ok(c, one) && shape_ok(c, other) && identical(one.out, other.out))
    f.diagnosis_message +=
        " As the first call of two fresh processes it returns the same both times: the "
        "difference comes from what earlier calls left (a static variable or counter, a cache, "
        "memory reused), not from randomness.";
  f.expected += "  (first call)";
  f.got += "  (second call)";
  return f;
}

}  // namespace

Outcome check_shape(uint64_t seed) {
  return run_mha_property(seed, kCases, [&]() -> std::optional<Failure> {
    const Case c = any_call();
    const Run run = run_learner(c);
    if (shape_ok(c, run)) return std::nullopt;
    return failure_from_run(c, run);
  });
}

Outcome check_matches_reference(uint64_t seed) {
  return run_mha_property(seed, kCases, [&]() -> std::optional<Failure> {
    const Case c = any_call();
    const Run run = run_learner(c);
    if (!shape_ok(c, run)) return failure_from_run(c, run);
    const kt::Tensor expected = run_reference(c);
    if (close(run.out, expected)) return std::nullopt;
    if (auto varies = varies_between_calls(c, run)) return varies;
    Failure f;
    f.counterexample = c.describe();
    f.message = all_finite(run.out)
                    ? "the output differs from the reference implementation (allclose with rtol "
                      "1e-9, atol 1e-12 fails). The row shown is where they differ most."
                    : "the output contains NaN or Inf where the reference is finite.";
    const std::string float32 =
        float32_rounding_note(run.out, expected, "float64 (the input's dtype)");
    f.message += float32;
    show_worst_row(run.out, expected, f);
    if (float32.empty()) diagnose_after_shrinking(f, c);
    return f;
  });
}

Outcome check_causal(uint64_t seed) {
  return run_mha_property(seed, kCases, [&]() -> std::optional<Failure> {
    Spec spec;
    spec.t_min = 2;
    spec.masking = Masking::CausalOnly;
    Case c = generate(spec);
    const Run before = run_learner(c);
    if (!shape_ok(c, before)) return failure_from_run(c, before);
    const auto keep = *rc::gen::inRange<int64_t>(1, c.T).as("tokens kept (the rest change)");
    const auto seed2 = *rc::gen::inRange<uint64_t>(0, 1000).as("new future tokens seed");
    kt::Generator gen(seed2 + 7919);
    Case changed = c;
    changed.x = c.x.clone();
    changed.x.narrow(1, keep, c.T - keep).copy_(kt::randn({c.B, c.T - keep, c.D()}, gen));
    const Run after = run_learner(changed);
    if (!shape_ok(changed, after)) return failure_from_run(changed, after);
    const kt::Tensor past_before = before.out.narrow(1, 0, keep);
    const kt::Tensor past_after = after.out.narrow(1, 0, keep);
    // (A NaN in the same place before and after is no change: matches_reference reports it.)
    if (identical(past_before, past_after)) return std::nullopt;
    if (auto varies = varies_between_calls(c, before)) return varies;
    Failure f;
    f.counterexample = c.describe();
    f.counterexample.emplace_back("changed", "tokens " + std::to_string(keep) + ".." +
                                                 std::to_string(c.T - 1) +
                                                 " only, in every batch entry");
    f.message = "with causal = true, the outputs of positions 0.." + std::to_string(keep - 1) +
                " changed although only later tokens changed: information from the future "
                "reaches the past. Causality must hold exactly (bit-identical, not allclose)." +
                rounding_only_causality(past_before, past_after);
    show_worst_row(past_after, past_before, f);
    f.expected += "  (your output before the change)";
    f.got += "  (your output after it)";
    diagnose_after_shrinking(f, c);
    // Moved by rounding only, the weights equal the reference's to the digits a map shows, and
    // its "the mistake is in what comes after them" is false: no map.
    if (apart_by_rounding_only(past_before, past_after)) {
      const auto before_map = f.after_shrinking;
      f.after_shrinking = [before_map](Failure& shrunk) {
        if (before_map) before_map(shrunk);
        shrunk.attention_map = {};
      };
    }
    // Is it the future, or another sequence? Change every token of batch entry 0 alone: the
    // other entries' outputs must not move at all.
    if (c.B >= 2) {
      Case first_only = c;
      first_only.x = c.x.clone();
      first_only.x.select(0, 0).copy_(kt::randn({c.T, c.D()}, gen));
      const Run other = run_learner(first_only);
      const kt::Tensor rest_before = before.out.narrow(0, 1, c.B - 1);
      // (Moved by rounding only, it is one value shared by the whole tensor, as above, no
      // attention across the batch: said so above.)
      const kt::Tensor rest_after =
          shape_ok(first_only, other) ? other.out.narrow(0, 1, c.B - 1) : kt::Tensor();
      if (rest_after.defined() && !identical(rest_before, rest_after) &&
          !apart_by_rounding_only(rest_before, rest_after)) {
        f.counterexample.back().second = "every token of batch entry 0, nothing else";
        f.message =
            "changing the tokens of batch entry 0 alone changed the outputs of the other batch "
            "entries: attention (or another step) mixes the sequences of a batch, so with "
            "causal = true the later tokens of one sequence reach the earlier positions of "
            "another. Each sequence must attend only to its own tokens: keep the batch axis "
            "first and let the matmuls batch over it.";
        kt::Tensor others_after = other.out.to(kt::Float64).clone();
        others_after.select(0, 0).copy_(before.out.select(0, 0));  // entry 0 was meant to change
        show_worst_row(others_after, before.out, f);
        f.expected += "  (yours, before changing entry 0)";
        f.got += "  (yours, after)";
        f.after_shrinking = nullptr;  // the finding above is the diagnosis
        f.diagnosis = "attends_across_batch";
        f.diagnosis_message =
            "The sequences of a batch reach each other (shown above by "
            "changing batch entry 0 alone).";
        return f;
      }
    }
    return f;
  });
}

Outcome check_fully_masked_rows(uint64_t seed) {
  return run_mha_property(seed, kCases, [&]() -> std::optional<Failure> {
    Spec spec;
    spec.masking = Masking::FullyMasked;
    const Case c = generate(spec);
    const Run run = run_learner(c);
    if (!shape_ok(c, run)) return failure_from_run(c, run);
    const kt::Tensor uniform = run_reference(c);
    if (close(run.out, uniform)) return std::nullopt;  // (the common case, at once)
    if (auto varies = varies_between_calls(c, run)) return varies;
    Failure f;
    f.counterexample = c.describe();
    if (!all_finite(run.out)) {
      f.message =
          "the output has NaN or Inf when a query row is entirely masked (a padded position). "
          "Such a row must still give finite numbers: the mean of the values (fill with "
          "kt::finfo(dtype).min) or zeros.";
      show_worst_row(run.out, uniform, f);
      f.after_shrinking = [c](Failure& shrunk) {
        shrunk.attention_map = attention_map(c);
        // The smallest case (often T = 1) may not tell -inf from masking after the softmax; a
        // fixed case with one fully masked query and others that keep some keys does.
        Case fixed = discriminating_cases().front();
        kt::Generator gen(7);
        const int64_t B = fixed.B, T = fixed.T;
        const kt::Tensor first_query = kt::arange(double(B * T * T)).reshape({B, 1, T, T}) < T;
        fixed.mask = ((kt::rand({B, 1, T, T}, gen) < 0.5) | kt::eye(T, T, kt::Bool)) & ~first_query;
        fixed.mask_text = "Bool " + kt::shape_str(fixed.mask.sizes());
        if (!nan_only_where_nothing_to_attend(c, run_learner(c)) &&
            !nan_only_where_nothing_to_attend(fixed, run_learner(fixed))) {
          // Another cause (a softmax without its row maximum, which overflows on large scores
          // too): the catalogue's.
          Failure catalogued;
          diagnose_after_shrinking(catalogued, c);
          catalogued.after_shrinking(shrunk);
          return;
        }
        shrunk.diagnosis = "neg_inf_nan";
        shrunk.diagnosis_message =
            "The NaN is only in the rows with nothing to attend to, and goes away when each "
            "query may see its own key again: the signature of -inf in the masked scores. This "
            "is the pitfall neg_inf_nan: its own check says more.";
      };
      return f;
    }
    // Rows whose query may attend to something: tight, as everywhere. Rows with nothing to attend
    // to: any of the accepted conventions (ref::MaskedRows), within rtol 1e-5 / atol 1e-7 - adding
    // a large finite constant (e.g. -1e9) to the scores rounds them to ulp(1e9) ~ 1e-7, which
    // legitimately costs those rows that much precision. The conventions differ by far more.
    const kt::Tensor empty_rows = ref::fully_masked_queries(c.B, c.T, c.H, false, c.mask);
    const kt::Tensor keep = (~empty_rows).unsqueeze(-1);
    const kt::Tensor got = run.out.to(kt::Float64);
    const bool others_match =
        kt::allclose(got.masked_fill(~keep, 0.0), uniform.masked_fill(~keep, 0.0), kRtol, kAtol);
    bool empty_rows_ok = true;
    for (int64_t b = 0; b < c.B; ++b) {
      for (int64_t t = 0; t < c.T; ++t) {
        if (empty_rows.at({b, t}) == 0.0) continue;
        bool row_ok = false;
        for (ref::MaskedRows rows :
             {ref::MaskedRows::Uniform, ref::MaskedRows::Zeros, ref::MaskedRows::AllKeys}) {
          const kt::Tensor expected = run_reference(c, rows);
          row_ok = row_ok || kt::allclose(got[b][t], expected[b][t], 1e-5, 1e-7);
        }
        empty_rows_ok = empty_rows_ok && row_ok;
      }
    }
    if (others_match && empty_rows_ok) return std::nullopt;
    std::string empty_list;  // "(b 0, t 1), (b 1, t 0)"
    int64_t other_rows = 0;
    for (int64_t b = 0; b < c.B; ++b) {
      for (int64_t t = 0; t < c.T; ++t) {
        if (empty_rows.at({b, t}) == 0.0) {
          ++other_rows;
        } else {
          empty_list += (empty_list.empty() ? "" : ", ") + std::string("out[") + std::to_string(b) +
                        ", " + std::to_string(t) + ", :]";
        }
      }
    }
    f.counterexample.emplace_back("rows with nothing to attend to", empty_list);
    if (others_match && other_rows == 0) {
      f.message =
          "every query row of this case is fully masked, and your output is none of the accepted "
          "results for such rows: the mean of the values (uniform weights, what the reference "
          "gives), zeros, or attention over every key as if unmasked. Check first that the "
          "output is right where the mask allows something (the matches_reference check).";
    } else {
      f.message = others_match
                      ? "the rows whose query attends to nothing are none of the accepted results "
                        "(the mean of the values, from uniform weights; zero attention; or "
                        "attention over every key as if unmasked); the other rows are right."
                      : "the output differs from the reference with a padding mask (rows that "
                        "are not fully masked differ too).";
    }
    show_worst_row(run.out, uniform, f);
    diagnose_after_shrinking(f, c);
    return f;
  });
}

}  // namespace grader::mha
