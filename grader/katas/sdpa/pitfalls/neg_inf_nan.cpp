// Detector of the pitfall neg_inf_nan: -inf in the scores turns a query with no key to attend to
// into NaN. See Note [sdpa detectors] in detect.hpp.
#include <rapidcheck.h>

#include <vector>

#include "grader/katas/sdpa/detect.hpp"

namespace grader::kata_sdpa {
namespace {

/// The case with a key for every query again: key 0 unmasked in every mask row, or (causal with
/// T_q > T_k) only the last T_k queries, which all sit at a key's position or after.
Case every_query_keeps_a_key(const Case& c) {
  Case fixed = c;
  if (c.mask.defined()) {
    std::vector<bool> first(size_t(c.Tk()), false);
    first[0] = true;
    fixed.mask = c.mask | kt::from_vector(first, {c.Tk()});
  }
  if (c.causal && c.Tq() > c.Tk()) fixed.q = c.q.narrow(-2, c.Tq() - c.Tk(), c.Tk()).clone();
  return fixed;
}

Outcome check_neg_inf_nan(uint64_t seed) {
  return run_sdpa_property(seed, kDetectorCases, [&]() -> std::optional<Failure> {
    const bool causal = *rc::gen::arbitrary<bool>().as("causal with more queries than keys");
    Spec spec = masked_no_empty_rows(causal ? Masking::Causal : Masking::FullyMasked);
    spec.no_empty_rows = false;
    // T_k >= 2: the row given a key back keeps a masked key, so filling the weights with -inf
    // after the softmax (mask_after_softmax) still blows it up and is not taken for this.
    spec.t_min = 2;
    if (causal) spec.lengths = Lengths::MoreQueries;
    const Case c = generate(spec);
    const Run run = run_learner(c);
    if (auto stopped = cannot_check(c, run, "neg_inf_nan")) return stopped;
    if (all_finite(run.out)) return std::nullopt;
    // Non-finite only in the rows of queries with no key...
    const kt::Tensor bad_rows = kt::any(~kt::isfinite(run.out), -1);
    if (kt::any(bad_rows & ~empty_rows(c)).item() != 0.0) return std::nullopt;
    // ...and because they have none: with a key for every query, the same code is finite.
    const Run fixed = run_learner(every_query_keeps_a_key(c));
    if (!fixed.ok() || !sane(fixed.out)) return std::nullopt;
    const std::string which =
        c.causal ? "with is_causal and T_q > T_k, the first T_q - T_k queries sit before the "
                   "first key"
                 : "a row of attn_mask is entirely false: a padded position";
    return found_pitfall(
        c, run.out, "neg_inf_nan",
        "the queries with no key to attend to come out as NaN (" + which +
            "). Filling masked scores with -inf makes such a row softmax(-inf, ..., -inf) = "
            "0/0 = NaN, and in a model the NaN spreads to everything after it. Fill with "
            "kt::finfo(scores.dtype()).min instead: exp of it underflows to 0 without NaN, and "
            "such a row gets uniform weights (the mean of the values). (Already using "
            "finfo.min? A softmax written by hand without subtracting the row maximum gives the "
            "same 0/0 there: subtract the max, or use kt::softmax.)");
  });
}

const Registrar registered_neg_inf_nan({"pitfall_neg_inf_nan",
                                        "a query with no key to attend to is not NaN",
                                        check_neg_inf_nan});

}  // namespace
}  // namespace grader::kata_sdpa
