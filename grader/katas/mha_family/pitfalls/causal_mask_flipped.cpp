// Detector of the pitfall causal_mask_flipped: the causal mask hides the past instead of the
// future, or has its diagonal off by one (triu/tril or their diagonal argument confused).
// See Note [pitfall detectors] in detect.hpp.
#include <algorithm>
#include <iterator>

#include "grader/katas/mha_family/detectors.hpp"

namespace grader::mha {
namespace {

/// A wrong causal mask: (T, T) Bool, true = may attend, and how to describe it.
struct WrongMask {
  kt::Tensor allowed;
  const char* what;
};

std::vector<WrongMask> wrong_causal_masks(int64_t T) {
  const kt::Tensor ones = kt::ones({T, T}, kt::Bool);
  return {
      {kt::triu(ones), "every key at or after the query (triu instead of tril)"},
      {kt::triu(ones, 1), "every key strictly after the query (the mask's complement)"},
      {kt::tril(ones, -1), "only keys strictly before the query (the diagonal is masked too)"},
      {kt::tril(ones, 1), "keys up to one position after the query (the diagonal is off by one)"},
  };
}

}  // namespace

Outcome check_causal_mask_flipped(uint64_t seed) {
  return run_mha_property(seed, kDetectorCases, [&]() -> std::optional<Failure> {
    // One head: the head-splitting, merging and scaling mistakes vanish. causal = true only.
    // d_head >= 2: with d_model = 1 the scores are symmetric (without bias), and weights
    // transposed before they mix the values look like a mask flipped under a softmax over the
    // queries.
    Spec spec = one_head(Masking::CausalOnly);
    spec.dk_min = 2;
    const Case c = generate(spec);
    const Run run = run_learner(c);
    if (!shape_ok(c, run)) return cannot_check(c, run, "the causal mask");
    if (close(run.out, run_reference(c))) return std::nullopt;
    // Ignoring the mask altogether is another mistake (at T = 2, tril(ones, 1) allows every key).
    Case unmasked = c;
    unmasked.causal = false;
    if (close(run.out, run_reference(unmasked))) return std::nullopt;
    // Attention under the wrong mask, alone or beside one of the mistakes that do not vanish with
    // one head (so they cannot hide it). An output one of those explains under the right mask is
    // that mistake's, not this one's: on a small case a peaked softmax makes the two masks agree
    // (masking after the softmax at T = 2 equals a mask hiding the diagonal, to 1e-9).
    const Mistakes others[] = {{},
                               {.scale_by_d_head = true},
                               {.mask_after_softmax = true},
                               {.softmax_over_queries = true}};
    for (const Mistakes& m : others)
      if (close(run.out, run_mistakes(c, m))) return std::nullopt;
    for (const WrongMask& wrong : wrong_causal_masks(c.T)) {
      // A query the wrong mask leaves one key gets that key's value whatever its weights are: so
      // does code that fills the masked scores with +finfo.max (all the weight on the masked
      // keys, spread evenly). The mask shows only where some query has two keys or more.
      if (kt::amax(kt::sum(wrong.allowed.to(kt::Float64), -1), -1).item() < 2.0) continue;
      // A query the wrong mask leaves nothing to attend to has no agreed result (NaN, zeros,
      // uniform...): compare the other rows only.
      Case as_masked = c;
      as_masked.causal = false;
      as_masked.mask = wrong.allowed;
      const kt::Tensor keep =
          (~ref::fully_masked_queries(c.B, c.T, c.H, false, wrong.allowed)).unsqueeze(-1);
      const kt::Tensor got = run.out.to(kt::Float64).masked_fill(~keep, 0.0);
      const bool shows = std::any_of(std::begin(others), std::end(others), [&](const Mistakes& m) {
        return close(got, run_mistakes(as_masked, m).masked_fill(~keep, 0.0));
      });
      if (!shows) continue;
      return found_pitfall(
          c, run, "causal_mask_flipped",
          std::string("the causal mask lets each query see ") + wrong.what +
              ". Causal attention lets query i see keys 0..i, itself included: the allowed "
              "entries (true = may attend) are kt::tril(kt::ones({T, T}, kt::Bool)); the "
              "forbidden ones are kt::triu(ones, 1). Check which of triu/tril you used, and "
              "their diagonal argument.");
    }
    return std::nullopt;
  });
}

constinit const FamilyDetector causal_mask_flipped_detector{
    "causal_mask_flipped", "the causal mask hides exactly the future keys",
    check_causal_mask_flipped};

}  // namespace grader::mha
