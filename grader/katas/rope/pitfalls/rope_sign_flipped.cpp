// Detector of rope_sign_flipped: every pair rotated by -angle (rotate_half as cat(x2, -x1)).
// See Note [rope detectors] in detect.hpp.
#include "grader/katas/rope/detect.hpp"

namespace grader::kata_rope {
namespace {

Outcome check_rope_sign_flipped(uint64_t seed) {
  return run_rope_property(seed, kDetectorCases, [&]() -> std::optional<Failure> {
    const Case c = generate(detector_spec());
    const Run run = run_learner(c);
    if (auto stopped = cannot_check(c, run, "rope_sign_flipped")) return stopped;
    if (matches(c, run.out, run_reference(c))) return std::nullopt;
    if (!pitfall_combination(c, run.out, [](const Mistakes& m) { return m.sign_flipped; }))
      return std::nullopt;
    return found_pitfall(
        c, run.out, "rope_sign_flipped",
        "your code rotates every pair the other way (by -angle): it computes x[i] cos + "
        "x[i + d/2] sin for the first half, where RoPE has x[i] cos - x[i + d/2] sin, and "
        "x[i + d/2] cos - x[i] sin for the second, where RoPE has x[i + d/2] cos + x[i] sin. The "
        "minus sign sits on the second half moved to the front: rotate_half(x) = cat(-x2, x1), "
        "not cat(x2, -x1). Attention scores still depend only on distances, but a pretrained "
        "model's keys and queries are turned the wrong way.");
  });
}

const Registrar check(
    {"pitfall_rope_sign_flipped",
     "each pair turns counter-clockwise: (a, b) -> (a cos - b sin, b cos + a sin)",
     check_rope_sign_flipped});

}  // namespace
}  // namespace grader::kata_rope
