// Detector of the pitfall mask_after_softmax: the mask applied to the weights after the softmax,
// not to the scores. See Note [pitfall detectors] in detect.hpp.
#include <rapidcheck.h>

#include <algorithm>
#include <iterator>

#include "grader/katas/mha_family/detectors.hpp"

namespace grader::mha {
Outcome check_mask_after_softmax(uint64_t seed) {
  return run_mha_property(seed, kDetectorCases, [&]() -> std::optional<Failure> {
    // One head: every head-splitting and scaling mistake vanishes, only masking matters.
    const bool use_mask = *rc::gen::arbitrary<bool>().as("use the mask overload");
    const Case c = generate(one_head(use_mask ? Masking::Partial : Masking::CausalOnly));
    const Run run = run_learner(c);
    if (!shape_ok(c, run)) return cannot_check(c, run, "masking after the softmax");
    // Alone, or beside a mistake that does not vanish with one head (so it cannot hide it).
    const Mistakes others[] = {{},
                               {.scale_by_d_head = true},
                               {.softmax_over_queries = true},
                               {.causal_mask = CausalMask::Triu}};
    bool found = std::any_of(std::begin(others), std::end(others), [&](Mistakes m) {
      const bool without = close(run.out, run_mistakes(c, m));
      m.mask_after_softmax = true;
      return !without && close(run.out, run_mistakes(c, m));
    });
    // (Causal with T = 2: the only row with a masked key is row 0, which is also the only row a
    // causal mask that hides the diagonal leaves empty; with -inf that NaN looks the same. From
    // T = 3 on, row 1 tells them apart.)
    if (!found && !sane(run.out) && (c.mask.defined() || c.T >= 3)) {
      // Filling masked weights with -inf (or finfo.min) after the softmax blows up exactly the
      // rows that have a masked key, though none is fully masked (a flipped causal mask with -inf
      // blows up only the row it leaves empty); with nothing masked the same code is fine.
      const kt::Tensor allowed =
          c.mask.defined() ? c.mask : kt::tril(kt::ones({c.T, c.T}, kt::Bool));
      const kt::Tensor has_masked_key =
          ~ref::fully_masked_queries(c.B, c.T, c.H, false, ~allowed);  // (B, T)
      const kt::Tensor out = run.out.to(kt::Float64);
      const kt::Tensor blown_up = kt::any(~kt::isfinite(out) | (kt::abs(out) > 1e100), -1);
      Case open = c;
      open.causal = false;
      open.mask = kt::ones({c.B, 1, c.T, c.T}, kt::Bool);
      const Run unmasked = run_learner(open);
      found = kt::equal(blown_up, has_masked_key) && unmasked.ok() &&
              close(unmasked.out, run_reference(open));
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

constinit const FamilyDetector mask_after_softmax_detector{
    "mask_after_softmax", "the mask is applied before the softmax", check_mask_after_softmax};

}  // namespace grader::mha
