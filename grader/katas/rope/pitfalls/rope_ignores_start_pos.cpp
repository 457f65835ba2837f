// Detector of rope_ignores_start_pos: rows rotated from position 0, whatever start_pos is.
// See Note [rope detectors] in detect.hpp.
#include "grader/katas/rope/detect.hpp"

namespace grader::kata_rope {
namespace {

Outcome check_rope_ignores_start_pos(uint64_t seed) {
  return detect_mistake(
      seed, "rope_ignores_start_pos", [](const Mistakes& m) { return m.ignores_start_pos; },
      [](const Case& c, const Mistakes&) -> std::string {
        return "your code rotates row t as if it were at position t, but start_pos = " +
               std::to_string(c.start_pos) + ": row t is at position " +
               std::to_string(c.start_pos) +
               " + t. When a model decodes with a KV cache, the new token's position is the "
               "cache's "
               "length; rotated from 0, every new key and query looks like the first token of the "
               "sequence. Build the positions from start_pos (start_pos, start_pos + 1, ...).";
      });
}

const Registrar registered_rope_ignores_start_pos({"pitfall_rope_ignores_start_pos",
                                                   "row t is rotated at position start_pos + t",
                                                   check_rope_ignores_start_pos});

}  // namespace
}  // namespace grader::kata_rope
