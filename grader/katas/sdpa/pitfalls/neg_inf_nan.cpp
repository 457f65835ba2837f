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

/// The case with a mask of the scores' shape (…, T_q, T_k) that hides exactly one key in every
/// row, key (i + the sum of the leading indices) mod T_k for query i, and no causality: every query
/// keeps a key, every key a query, and along a leading axis of size >= 2 no entry is masked in
/// every batch entry (T_q, T_k >= 2), so a softmax along any axis of size >= 2 sees an unmasked
/// score; and a row of weights filled with -inf after the softmax still blows up.
Case one_key_hidden_per_row(const Case& c) {
  const kt::Shape scores = [&] {
    kt::Shape s = c.out_shape();
    s.back() = c.Tk();
    return s;
  }();
  const kt::Shape leading(scores.begin(), scores.end() - 2);
  std::vector<bool> bits;
  std::vector<int64_t> index(leading.size(), 0);
  int64_t batches = 1;
  for (int64_t n : leading) batches *= n;
  for (int64_t b = 0; b < batches; ++b) {
    int64_t shift = 0;
    for (int64_t i : index) shift += i;
    for (int64_t i = 0; i < c.Tq(); ++i)
      for (int64_t j = 0; j < c.Tk(); ++j) bits.push_back(j != (i + shift) % c.Tk());
    for (size_t d = leading.size(); d-- > 0;) {  // the next leading index, row-major
      if (++index[d] < leading[d]) break;
      index[d] = 0;
    }
  }
  Case fixed = c;
  fixed.mask = kt::from_vector(bits, scores);
  fixed.causal = false;
  return fixed;
}

/// Whether the learner stays finite on the case with q and k scaled until a softmax without its
/// row maximum overflows (scores in the thousands): -inf in the masked scores with kt::softmax
/// does, and a softmax by hand without the maximum, which gives the same 0 / 0 on a query with
/// only finfo.min, does not (solutions/sdpa/wrong/hand_softmax_without_max.cpp). False when no
/// scale makes it overflow (q or k near 0): such a case tells nothing, and names nothing.
bool finite_on_large_scores(const Case& c) {
  for (const double scale : {10.0, 100.0, 1000.0}) {
    Case large = c;
    large.q = c.q * scale;
    large.k = c.k * scale;
    if (sane(sdpa_with_mistakes(large, {.softmax_without_max = true}))) continue;
    const Run run = run_learner(large);
    return run.ok() && sane(run.out);
  }
  return false;
}

/// The axis of the scores other than the keys' along which got is attention with masked scores
/// filled with -inf (NaN where that axis' softmax sees only masked scores), at one of the four
/// scales, and not attention with finfo.min fills.
std::optional<int64_t> nan_along_another_axis(const Case& c, const kt::Tensor& got) {
  const auto rank = int64_t(c.out_shape().size());
  for (int64_t axis = 0; axis < rank - 1; ++axis) {
    for (Scale scale : kScales) {
      const Mistakes finite = {.scale = scale, .softmax_axis = axis};
      Mistakes neg_inf = finite;
      neg_inf.neg_inf_fill = true;
      const kt::Tensor nan = sdpa_with_mistakes(c, neg_inf);
      if (nan.defined() && !all_finite(nan) && same_as_mistake(got, nan) &&
          !same_as_mistake(got, sdpa_with_mistakes(c, finite))) {
        return axis;
      }
    }
  }
  return std::nullopt;
}

/// Where the case's output is NaN because of -inf fills: "" when only in the queries with no key
/// (a softmax along the keys, the same code finite once every query has a key again); else, with
/// the softmax along another axis (softmax_wrong_dim), the explanation of that axis; nullopt when
/// the non-finite values are not -inf's doing.
std::optional<std::string> nan_from_neg_inf(const Case& c, const kt::Tensor& got) {
  // Non-finite only in the rows of queries with no key...
  const kt::Tensor bad_rows = kt::any(~kt::isfinite(got), -1);
  if (kt::any(bad_rows & ~empty_rows(c)).item() == 0.0) {
    // ...and because they have none: with a key for every query, the same code is finite.
    const Case keeps = every_query_keeps_a_key(c);
    const Run fixed = run_learner(keeps);
    if (fixed.ok() && sane(fixed.out) && finite_on_large_scores(keeps)) return "";
  }
  // Or NaN exactly where a softmax along another axis sees only -inf, and finite once no lane
  // of any axis is masked entirely.
  const auto axis = nan_along_another_axis(c, got);
  if (!axis) return std::nullopt;
  const Run fixed = run_learner(one_key_hidden_per_row(c));
  if (!fixed.ok() || !sane(fixed.out)) return std::nullopt;
  const auto rank = int64_t(c.out_shape().size());
  return *axis == rank - 2 ? std::string("the queries' axis (-2): a key no query may attend to")
                           : "leading axis " + std::to_string(*axis) +
                                 ": a query-key pair masked in every entry along it";
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
    const auto along = nan_from_neg_inf(c, run.out);
    if (!along) return std::nullopt;
    if (!along->empty()) {
      return found_pitfall(
          c, run.out, "neg_inf_nan",
          "the output has NaN where the softmax sees only masked scores: it runs along another "
          "axis than the keys' here (see softmax_wrong_dim), and along " +
              *along +
              ". Filling masked scores with -inf makes such a softmax(-inf, ..., -inf) = 0/0 = "
              "NaN, and in a model the NaN spreads to everything after it; along the keys, a "
              "query with no key to attend to (a padded position) does the same. Fill with "
              "kt::finfo(scores.dtype()).min instead: exp of it underflows to 0 without NaN.");
    }
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
            "finfo.min? Scores filled with Float64's lowest then cast to Float32 hold -inf: fill "
            "in the dtype you softmax. And "
            "weights masked after the softmax and divided by their row's sum divide 0 by 0 "
            "there: mask the scores, before the softmax.)");
  });
}

const Registrar registered_neg_inf_nan({"pitfall_neg_inf_nan",
                                        "a query with no key to attend to is not NaN",
                                        check_neg_inf_nan});

}  // namespace
}  // namespace grader::kata_sdpa
