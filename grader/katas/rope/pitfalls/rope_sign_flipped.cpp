// Detector of rope_sign_flipped: every pair rotated by -angle (rotate_half as cat(x2, -x1)).
// See Note [rope detectors] in detect.hpp.
#include "grader/katas/rope/detect.hpp"

namespace grader::kata_rope {
namespace {

Outcome check_rope_sign_flipped(uint64_t seed) {
  return detect_mistake(
      seed, "rope_sign_flipped", [](const Mistakes& m) { return m.sign_flipped; },
      [](const Case&, const Mistakes&) -> std::string {
        return "your code rotates every pair the other way (by -angle): it computes x[i] cos + "
               "x[i + d/2] sin for the first half, where RoPE has x[i] cos - x[i + d/2] sin, and "
               "x[i + d/2] cos - x[i] sin for the second, where RoPE has x[i + d/2] cos + x[i] "
               "sin. The "
               "minus sign sits on the second half moved to the front: rotate_half(x) = cat(-x2, "
               "x1), "
               "not cat(x2, -x1). Attention scores still depend only on distances, but a "
               "pretrained "
               "model's keys and queries are turned the wrong way.";
      });
}

const Registrar registered_rope_sign_flipped(
    {"pitfall_rope_sign_flipped",
     "each pair turns counter-clockwise: (a, b) -> (a cos - b sin, b cos + a sin)",
     check_rope_sign_flipped});

}  // namespace
}  // namespace grader::kata_rope
