// Detector of the pitfall mask_polarity_inverted: attn_mask's true read as "masked" (the
// convention of nn.MultiheadAttention's masks), not "may attend". See Note [sdpa detectors] in
// detect.hpp.
#include "grader/katas/sdpa/detect.hpp"

namespace grader::kata_sdpa {
namespace {

Outcome check_mask_polarity_inverted(uint64_t seed) {
  return run_sdpa_property(seed, kDetectorCases, [&]() -> std::optional<Failure> {
    Spec spec = masked_no_empty_rows(Masking::Mask);
    spec.t_min = 2;
    spec.mask_hides_in_every_row = true;  // inverted, every row still keeps a key
    const Case c = generate(spec);
    const Run run = run_learner(c);
    if (auto stopped = cannot_check(c, run, "mask_polarity_inverted")) return stopped;
    if (matches(c, run.out) || !shows_mistake(c, run.out, {.mask_inverted = true})) {
      return std::nullopt;
    }
    // Confirmed with the mask inverted: keys dropped for another reason (the last key left out,
    // which an inverted "01" row fakes) are dropped there too, while an inverted reading now
    // attends the keys it hid (Note [sdpa detectors]).
    Case flipped = c;
    flipped.mask = ~c.mask;
    const Run again = run_learner(flipped);
    if (!again.ok() || matches(flipped, again.out) ||
        !shows_mistake(flipped, again.out, {.mask_inverted = true})) {
      return std::nullopt;
    }
    return found_pitfall(
        c, run.out, "mask_polarity_inverted",
        "attn_mask is read the wrong way round: its true entries are masked out and its false "
        "ones attended. Here, as in PyTorch's F.scaled_dot_product_attention, true means \"may "
        "attend\"; nn.MultiheadAttention's attn_mask and key_padding_mask use the opposite "
        "convention (true = masked), the usual source of this bug. Hide the scores where the "
        "mask is false: scores.masked_fill(~attn_mask, ...).");
  });
}

const Registrar registered_mask_polarity_inverted({"pitfall_mask_polarity_inverted",
                                                   "attn_mask's true means \"may attend\"",
                                                   check_mask_polarity_inverted});

}  // namespace
}  // namespace grader::kata_sdpa
