// Detector of rope_ignores_start_pos: rows rotated from position 0, whatever start_pos is.
// See Note [rope detectors] in detect.hpp.
#include "grader/katas/rope/detect.hpp"

namespace grader::kata_rope {
namespace {

Outcome check_rope_ignores_start_pos(uint64_t seed) {
  return run_rope_property(seed, kDetectorCases, [&]() -> std::optional<Failure> {
    const Case c = generate(detector_spec());
    const Run run = run_learner(c);
    if (auto stopped = cannot_check(c, run, "rope_ignores_start_pos")) return stopped;
    if (matches(c, run.out, run_reference(c))) return std::nullopt;
    if (!pitfall_combination(c, run.out, [](const Mistakes& m) { return m.ignores_start_pos; }))
      return std::nullopt;
    return found_pitfall(
        c, run.out, "rope_ignores_start_pos",
        "your code rotates row t as if it were at position t, but start_pos = " +
            std::to_string(c.start_pos) + ": row t is at position " + std::to_string(c.start_pos) +
            " + t. When a model decodes with a KV cache, the new token's position is the cache's "
            "length; rotated from 0, every new key and query looks like the first token of the "
            "sequence. Build the positions from start_pos (start_pos, start_pos + 1, ...).");
  });
}

const Registrar check({"pitfall_rope_ignores_start_pos",
                       "row t is rotated at position start_pos + t", check_rope_ignores_start_pos});

}  // namespace
}  // namespace grader::kata_rope
