// The MHA kata's checks: four general ones, then one detector per known pitfall.
//
// Note [pitfall detectors]
// A detector names its pitfall only on a positive signature, and is built so that the other
// pitfalls cannot hide or fake that signature: its cases neutralise them (one head makes every
// head-splitting and scaling mistake vanish; no mask makes the masking mistakes vanish; d_head = 1
// makes the head order irrelevant; zero query weights make the scale irrelevant) or it compares
// the solution with itself (a metamorphic relation) instead of with the reference. A detector
// that finds no signature passes even if the output is wrong: the general checks report that.
#include <cmath>
#include <numeric>

#include <rapidcheck.h>

#include "cases.hpp"

namespace grader::mha {
namespace {

constexpr int kCases = 100;

/// Finite and of a sane magnitude: masking with finfo.min in the wrong place gives values near
/// 1e308 that are still finite.
bool sane(const kt::Tensor& t) {
  return all_finite(t) && (t.numel() == 0 || kt::amax(kt::abs(t)).item() < 1e100);
}
constexpr int kDetectorCases = 40;

// ---- general checks
// ------------------------------------------------------------------------------

Outcome check_shape(uint64_t seed) {
  return run_property(seed, kCases, [&]() -> std::optional<Failure> {
    Spec spec;
    spec.masking = *rc::gen::arbitrary<bool>().as("use the mask overload") ? Masking::Partial
                                                                           : Masking::CausalFlag;
    const Case c = generate(spec);
    const Run run = run_learner(c);
    if (shape_ok(c, run)) return std::nullopt;
    return failure_from_run(c, run);
  });
}

Outcome check_matches_reference(uint64_t seed) {
  return run_property(seed, kCases, [&]() -> std::optional<Failure> {
    Spec spec;
    spec.masking = *rc::gen::arbitrary<bool>().as("use the mask overload") ? Masking::Partial
                                                                           : Masking::CausalFlag;
    const Case c = generate(spec);
    const Run run = run_learner(c);
    if (!shape_ok(c, run)) return failure_from_run(c, run);
    const kt::Tensor expected = run_reference(c);
    if (close(run.out, expected)) return std::nullopt;
    Failure f;
    f.counterexample = c.describe();
    f.message = all_finite(run.out)
                    ? "the output differs from the reference implementation (allclose with rtol "
                      "1e-9, atol 1e-12 fails). The row shown is where they differ most."
                    : "the output contains NaN or Inf where the reference is finite.";
    if (all_finite(run.out)) {
      const double worst =
          kt::amax(kt::abs(run.out.to(kt::Float64) - expected) / (kt::abs(expected) + 1e-3)).item();
      if (worst < 1e-4) {
        f.message += " The difference is tiny (about " + std::to_string(worst) +
                     " relative), the size float32 arithmetic leaves: keep every step in float64 "
                     "(the input's dtype).";
      }
    }
    show_worst_row(run.out, expected, f);
    return f;
  });
}

Outcome check_causal(uint64_t seed) {
  return run_property(seed, kCases, [&]() -> std::optional<Failure> {
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
    if (kt::equal(past_before, past_after)) return std::nullopt;
    Failure f;
    f.counterexample = c.describe();
    f.counterexample.emplace_back(
        "changed", "tokens " + std::to_string(keep) + ".." + std::to_string(c.T - 1) + " only");
    f.message = "with causal = true, the outputs of positions 0.." + std::to_string(keep - 1) +
                " changed although only later tokens changed: information from the future "
                "reaches the past. Causality must hold exactly (kt::equal, not allclose).";
    show_worst_row(past_after, past_before, f);
    return f;
  });
}

Outcome check_fully_masked_rows(uint64_t seed) {
  return run_property(seed, kCases, [&]() -> std::optional<Failure> {
    Spec spec;
    spec.masking = Masking::FullyMasked;
    const Case c = generate(spec);
    const Run run = run_learner(c);
    if (!shape_ok(c, run)) return failure_from_run(c, run);
    Failure f;
    f.counterexample = c.describe();
    const kt::Tensor uniform = run_reference(c);
    if (!all_finite(run.out)) {
      f.message =
          "the output has NaN or Inf when a query row is entirely masked (a padded position). "
          "Such a row must still give finite numbers: the mean of the values (fill with "
          "kt::finfo(dtype).min) or zeros.";
      show_worst_row(run.out, uniform, f);
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
          const kt::Tensor expected = run_reference(c, {.masked_rows = rows});
          row_ok = row_ok || kt::allclose(got[b][t], expected[b][t], 1e-5, 1e-7);
        }
        empty_rows_ok = empty_rows_ok && row_ok;
      }
    }
    if (others_match && empty_rows_ok) return std::nullopt;
    f.message = others_match
                    ? "the rows whose query attends to nothing are none of the accepted results "
                      "(the mean of the values, from uniform weights; zero attention; or attention "
                      "over every key as if unmasked); the other rows are right."
                    : "the output differs from the reference with a padding mask (rows that "
                      "are not fully masked differ too).";
    show_worst_row(run.out, uniform, f);
    return f;
  });
}

// ---- pitfall detectors (see Note [pitfall detectors])
// ---------------------------------------------

/// A detector's failure for a forward that threw something other than its own signature.
Failure cannot_check(const Case& c, const Run& run, const std::string& what) {
  Failure f = failure_from_run(c, run);  // keeps f.error for a resource limit
  f.message = "could not check for " + what + ": " + f.message;
  return f;
}

/// A detector's finding: its pitfall id, the explanation, and where the output differs most.
Failure found_pitfall(const Case& c, const Run& run, const char* id, std::string message) {
  Failure f;
  f.pitfall = id;
  f.counterexample = c.describe();
  f.message = std::move(message);
  show_worst_row(run.out, run_reference(c), f);
  return f;
}

/// Permutes features of the query and key projections (rows of W and b) by perm.
Case permute_qk(const Case& c, const std::vector<int64_t>& perm) {
  Case p = c;
  std::vector<kt::Tensor> wq, wk, bq, bk;
  for (int64_t f : perm) {
    wq.push_back(c.w.wq[f]);
    wk.push_back(c.w.wk[f]);
    if (c.bias) {
      bq.push_back(c.w.bq.narrow(0, f, 1));
      bk.push_back(c.w.bk.narrow(0, f, 1));
    }
  }
  p.w.wq = kt::stack(wq);
  p.w.wk = kt::stack(wk);
  if (c.bias) {
    p.w.bq = kt::cat(bq);
    p.w.bk = kt::cat(bk);
  }
  return p;
}

Outcome check_wrong_head_order(uint64_t seed) {
  return run_property(seed, kDetectorCases, [&]() -> std::optional<Failure> {
    Spec spec{.b_max = 2,
              .t_min = 2,
              .t_max = 6,
              .h_min = 2,
              .h_max = 4,
              .dk_min = 2,
              .dk_max = 4,
              .masking = Masking::NoneFlag};
    const Case c = generate(spec);
    const Run base = run_learner(c);
    if (!shape_ok(c, base)) return cannot_check(c, base, "the head order");
    // Reversing features inside each head's own slice [h*dk, (h+1)*dk) of both q and k leaves
    // every head's dot products, so the output, unchanged - for correctly split heads.
    std::vector<int64_t> within_slices, within_strided(size_t(c.D()));
    for (int64_t h = 0; h < c.H; ++h)
      for (int64_t j = c.dk - 1; j >= 0; --j) within_slices.push_back(h * c.dk + j);
    // For heads split as view(B, T, d_head, H), head h owns features h, h+H, ...: reversing
    // inside those groups is what leaves such a solution unchanged.
    for (int64_t h = 0; h < c.H; ++h)
      for (int64_t j = 0; j < c.dk; ++j)
        within_strided[size_t(j * c.H + h)] = (c.dk - 1 - j) * c.H + h;
    const Run slices = run_learner(permute_qk(c, within_slices));
    const Run strided = run_learner(permute_qk(c, within_strided));
    bool found =
        slices.ok() && strided.ok() && !close(slices.out, base.out) && close(strided.out, base.out);
    // Heads never moved next to the batch axis (view(B, T, H, d_head) without transpose(1, 2)):
    // the batched matmul then attends across the heads of each token instead of across tokens.
    for (bool by_d_model : {false, true}) {
      found = found || (close(base.out, ref::attention_across_heads(c.x, c.w, c.H, by_d_model)) &&
                        !close(base.out, run_reference(c)));
    }
    // The other wrong split: view(B, H, T, d_head) of the (B, T, d_model) memory, no transpose.
    for (bool by_d_model : {false, true}) {
      const ref::Variant v{.split = ref::HeadSplit::NoTranspose, .scale_by_d_model = by_d_model};
      found = found || (close(base.out, run_reference(c, v)) && !close(base.out, run_reference(c)));
    }
    if (!found) return std::nullopt;
    return found_pitfall(
        c, base, "wrong_head_order",
        "the heads are split wrongly. Head h must own the contiguous feature slice "
        "[h*d_head, (h+1)*d_head): view(B, T, num_heads, d_head) then transpose(1, 2). Splitting "
        "as view(B, T, d_head, num_heads), viewing the (B, T, d_model) memory as (B, num_heads, T, "
        "d_head), or leaving out transpose(1, 2) (so attention runs across the heads of one "
        "token instead of across tokens) all run without error and compute something else. "
        "Found by reordering features inside each head's slice of q and k (correct code is "
        "unaffected, yours changed) or by matching what those mistakes compute.");
  });
}

Outcome check_mask_after_softmax(uint64_t seed) {
  return run_property(seed, kDetectorCases, [&]() -> std::optional<Failure> {
    // One head: every head-splitting and scaling mistake vanishes, only masking matters.
    const bool use_mask = *rc::gen::arbitrary<bool>().as("use the mask overload");
    Spec spec{.b_max = 2,
              .t_min = 2,
              .t_max = 6,
              .h_min = 1,
              .h_max = 1,
              .dk_min = 1,
              .dk_max = 4,
              .masking = use_mask ? Masking::Partial : Masking::CausalOnly};
    const Case c = generate(spec);
    const Run run = run_learner(c);
    if (!shape_ok(c, run)) return cannot_check(c, run, "masking after the softmax");
    bool found = close(run.out, run_reference(c, {.mask_after_softmax = true})) &&
                 !close(run.out, run_reference(c));
    if (!found && !sane(run.out)) {
      // Filling masked weights with -inf (or finfo.min) after the softmax blows up the output
      // even though no row is fully masked; with nothing masked the same code is fine.
      Case open = c;
      open.causal = false;
      open.mask = kt::ones({c.B, 1, c.T, c.T}, kt::Bool);
      const Run unmasked = run_learner(open);
      found = unmasked.ok() && close(unmasked.out, run_reference(open));
    }
    if (!found) return std::nullopt;
    return found_pitfall(
        c, run, "mask_after_softmax",
        "the mask is applied after the softmax. Masking must happen on the scores, before the "
        "softmax (fill the forbidden scores with kt::finfo(dtype).min), so the softmax "
        "renormalises over the allowed keys. Zeroing (or filling) the weights afterwards leaves "
        "rows that do not sum to 1, and the normaliser has already seen the masked (future) "
        "keys: a causal model leaks the future.");
  });
}

Outcome check_neg_inf_nan(uint64_t seed) {
  return run_property(seed, kDetectorCases, [&]() -> std::optional<Failure> {
    Spec spec{.b_max = 2,
              .t_min = 2,
              .t_max = 6,
              .h_min = 1,
              .h_max = 1,
              .dk_min = 1,
              .dk_max = 4,
              .masking = Masking::FullyMasked};
    const Case c = generate(spec);
    const Run run = run_learner(c);
    if (!shape_ok(c, run)) return cannot_check(c, run, "NaN from fully masked rows");
    if (all_finite(run.out)) return std::nullopt;
    // The signature: non-finite values only in the rows whose query may attend to nothing.
    const kt::Tensor empty_rows = ref::fully_masked_queries(c.B, c.T, c.H, false, c.mask);
    const kt::Tensor bad_rows = kt::any(~kt::isfinite(run.out), -1);  // (B, T)
    if (kt::any(bad_rows & ~empty_rows).item() != 0.0) return std::nullopt;
    // And the NaN must come from having nothing to attend to: give every query its own key back
    // (other keys stay masked) and the same code must be finite. (Masking after the softmax with
    // -inf or finfo.min fails this: any masked key blows it up.)
    Case fixed = c;
    fixed.mask = c.mask | kt::eye(c.T, c.T, kt::Bool);
    const Run with_diagonal = run_learner(fixed);
    if (!with_diagonal.ok() || !sane(with_diagonal.out)) return std::nullopt;
    return found_pitfall(
        c, run, "neg_inf_nan",
        "a query row whose keys are all masked (a padded position) comes out as NaN. Filling "
        "masked scores with -inf makes such a row softmax(-inf, ..., -inf) = 0/0 = NaN, and the "
        "NaN then spreads through everything downstream. Fill with kt::finfo(scores.dtype()).min "
        "instead: exp() of it underflows to 0 without NaN, and a fully masked row gets uniform "
        "weights. (Already using finfo.min? A softmax written by hand without subtracting the "
        "row maximum first gives the same 0/0 on such a row: use kt::softmax or subtract the "
        "max.)");
  });
}

Outcome check_scale_by_d_model(uint64_t seed) {
  return run_property(seed, kDetectorCases, [&]() -> std::optional<Failure> {
    Spec spec{.b_max = 2,
              .t_min = 2,
              .t_max = 6,
              .h_min = 2,
              .h_max = 4,
              .dk_min = 1,
              .dk_max = 4,
              .masking = Masking::NoneFlag};
    const Case c = generate(spec);
    const Run run = run_learner(c);
    if (!shape_ok(c, run)) return cannot_check(c, run, "the score scale");
    // Dividing by sqrt(d_model) is dividing by sqrt(d_head) on query weights shrunk by
    // sqrt(num_heads). Compare under each head split, so a head-order mistake cannot hide it.
    bool found = false;
    for (ref::HeadSplit split :
         {ref::HeadSplit::Contiguous, ref::HeadSplit::Strided, ref::HeadSplit::NoTranspose}) {
      const bool wrong =
          close(run.out, run_reference(c, {.split = split, .scale_by_d_model = true}));
      const bool right = close(run.out, run_reference(c, {.split = split}));
      found = found || (wrong && !right);
    }
    if (!found) return std::nullopt;
    return found_pitfall(
        c, run, "scale_by_d_model",
        "the scores are divided by sqrt(d_model) = sqrt(" + std::to_string(c.D()) +
            ") instead of sqrt(d_head) = sqrt(" + std::to_string(c.dk) +
            "). Each head's dot product sums d_head terms, so its spread grows like "
            "sqrt(d_head): that is what to divide by. sqrt(d_model) over-shrinks the scores "
            "by sqrt(num_heads) and flattens attention towards uniform.");
  });
}

Outcome check_missing_contiguous(uint64_t seed) {
  return run_property(seed, kDetectorCases, [&]() -> std::optional<Failure> {
    // The view throws only when H > 1, T > 1 and d_head > 1 (otherwise the transposed layout is
    // still viewable); the raw-memory merge scrambles whenever H > 1 and T > 1.
    Spec spec{.b_max = 2,
              .t_min = 2,
              .t_max = 5,
              .h_min = 2,
              .h_max = 4,
              .dk_min = 1,
              .dk_max = 3,
              .masking = Masking::NoneFlag};
    Case c = generate(spec);
    // Zero query weights: every score is 0 and attention is uniform, so neither the scale nor how
    // q and k are split matters. Only how the heads are merged back shows.
    c.w.wq = kt::zeros({c.D(), c.D()});
    if (c.bias) c.w.bq = kt::zeros({c.D()});
    const Run run = run_learner(c);
    Failure f;
    f.pitfall = "missing_contiguous";
    f.counterexample = c.describe();
    if (run.view_error) {
      f.message =
          "viewing the transposed attention output as (B, T, d_model) throws: " + run.error +
          ". After transpose(1, 2) the (B, T, num_heads, d_head) tensor is a strided view whose "
          "memory is still in (B, num_heads, T, d_head) order, so view() cannot merge the last "
          "two dims. Call .contiguous() before .view() (or use .reshape()).";
      return f;
    }
    if (!shape_ok(c, run)) return cannot_check(c, run, "the merge of the heads");
    const bool scrambled = close(run.out, run_reference(c, {.merge_memory_order = true})) &&
                           !close(run.out, run_reference(c));
    if (!scrambled) return std::nullopt;
    f.message =
        "the heads are merged by reinterpreting memory: the (B, num_heads, T, d_head) result's "
        "memory is read as (B, T, d_model), which scrambles tokens and heads. Transpose back to "
        "(B, T, num_heads, d_head), then .contiguous().view(B, T, d_model).";
    show_worst_row(run.out, run_reference(c), f);
    return f;
  });
}

const Registrar r1({"shape", "forward returns (B, T, d_model) float64 for every generated shape",
                    check_shape});
const Registrar r2({"matches_reference",
                    "forward equals the reference (allclose rtol 1e-9, atol 1e-12), causal or "
                    "masked",
                    check_matches_reference});
const Registrar r3(
    {"causal_is_causal",
     "with causal = true, changing later tokens leaves earlier outputs bit-identical",
     check_causal});
const Registrar r4({"fully_masked_rows",
                    "a fully masked query row gives finite output, the rest still matches",
                    check_fully_masked_rows});
const Registrar r5({"pitfall_wrong_head_order", "heads own contiguous feature slices",
                    check_wrong_head_order});
const Registrar r6({"pitfall_mask_after_softmax", "the mask is applied before the softmax",
                    check_mask_after_softmax});
const Registrar r7({"pitfall_neg_inf_nan", "a fully masked row is not NaN", check_neg_inf_nan});
const Registrar r8({"pitfall_scale_by_d_model", "scores are scaled by 1/sqrt(d_head)",
                    check_scale_by_d_model});
const Registrar r9({"pitfall_missing_contiguous",
                    "heads are merged with transpose + contiguous + view",
                    check_missing_contiguous});

}  // namespace
}  // namespace grader::mha
