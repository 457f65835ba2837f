// Detector of the pitfall mask_after_softmax: the mask is applied to the weights after the
// softmax, not to the scores before it. See Note [sdpa detectors] in detect.hpp.
#include <rapidcheck.h>

#include "grader/katas/sdpa/detect.hpp"

namespace grader::kata_sdpa {
namespace {

/// (…, T_q) Bool of out's shape: the queries with at least one key masked.
kt::Tensor rows_with_a_masked_key(const Case& c, const kt::Tensor& out) {
  kt::Tensor allowed = kt::ones({c.Tq(), c.Tk()}, kt::Bool);
  if (c.causal) allowed = kt::tril(allowed, c.Tk() - c.Tq());
  if (c.mask.defined()) allowed = allowed & c.mask;
  kt::Shape rows = out.sizes();
  rows.pop_back();
  return kt::any(~allowed, -1) | kt::zeros(rows, kt::Bool);
}

/// Filling the masked weights with -inf or finfo.min after the softmax: exactly the rows with a
/// masked key blow up (no row is empty here), and the same call with nothing masked is right (at
/// any scale).
bool blows_up_masked_rows(const Case& c, const kt::Tensor& got) {
  if (sane(got)) return false;
  const kt::Tensor out = got.to(kt::Float64);
  const kt::Tensor blown_up = kt::any(~kt::isfinite(out) | (kt::abs(out) > 1e100), -1);
  if (!kt::equal(blown_up, rows_with_a_masked_key(c, out))) return false;
  Case open = c;
  open.causal = false;
  open.mask = kt::ones({c.Tq(), c.Tk()}, kt::Bool);
  const Run unmasked = run_learner(open);
  return unmasked.ok() &&
         (matches(open, unmasked.out) || shows_scale(open, unmasked.out, Scale::None) ||
          shows_scale(open, unmasked.out, Scale::Dk) ||
          shows_scale(open, unmasked.out, Scale::SqrtDv));
}

Outcome check_mask_after_softmax(uint64_t seed) {
  return run_sdpa_property(seed, kDetectorCases, [&]() -> std::optional<Failure> {
    const bool use_mask = *rc::gen::arbitrary<bool>().as("attn_mask rather than is_causal");
    const Case c = generate(masked_no_empty_rows(use_mask ? Masking::Mask : Masking::Causal));
    const Run run = run_learner(c);
    if (auto stopped = cannot_check(c, run, "mask_after_softmax")) return stopped;
    if (matches(c, run.out)) return std::nullopt;
    if (!shows_mistake(c, run.out, {.mask_after_softmax = true}) &&
        !blows_up_masked_rows(c, run.out)) {
      return std::nullopt;
    }
    return found_pitfall(
        c, run.out, "mask_after_softmax",
        "the mask is applied after the softmax. Mask the scores before it (fill the forbidden "
        "ones with kt::finfo(dtype).min), so that the softmax normalises over the allowed keys "
        "only. Zeroing (or filling) the weights afterwards leaves rows that no longer sum to 1, "
        "and the normaliser has already counted the masked keys: a causal model leaks the "
        "future through it.");
  });
}

const Registrar registered_mask_after_softmax(
    {"pitfall_mask_after_softmax", "the mask is applied to the scores, before the softmax",
     check_mask_after_softmax});

}  // namespace
}  // namespace grader::kata_sdpa
