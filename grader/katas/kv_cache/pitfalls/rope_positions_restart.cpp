// Detector of rope_positions_restart: a call's q and k rotated from position 0, not from
// cache.length(). See Note [kv_cache detectors] in detect.hpp.
#include <string>

#include "grader/katas/kv_cache/detect.hpp"

namespace grader::kata_kv_cache {
namespace {

Outcome check_rope_positions_restart(uint64_t seed) {
  const auto detect_on = [&](const Spec& spec) {
    return detect_switch(
        seed, "rope_positions_restart",
        [](const Mistakes& m) { return m.positions_restart || m.queries_restart; },
        [](const Mistakes& m) {
          const std::string start =
              "your code rotates each call's new queries" +
              std::string(m.queries_restart ? "" : " and keys") +
              " as if the call began the sequence (from position 0, or from any start that does "
              "not count what is cached: RoPE sees only distances, so all such starts look "
              "alike), but a call's first new token sits at position cache.length(): after a "
              "prefill of L tokens the next token is at L. ";
          return start +
                 (m.queries_restart
                      ? "Its query then meets the keys (rotated at their own positions) at the "
                        "wrong distances. "
                      : "Its key is then cached at the wrong angle, and every query sees the wrong "
                        "distances. ") +
                 "Pass cache.length() (read before appending) as the start position of the "
                 "rotation.";
        },
        spec);
  };
  Outcome any = detect_on(detector_spec());
  if (!any.passed) return any;
  // Then a prefill of n and a chunk of n: a start that ignores the cache but not the call (the
  // chunk's length) restarts alike only where the calls bring one length, which 30 cases of any
  // split missed on seed 10 (pitfalls/positions_from_chunk_length.cpp).
  Spec same;
  same.T_min = 4;
  same.split = Split::PrefillThenSame;
  Outcome equal = detect_on(same);
  equal.cases_run += any.cases_run;
  return equal;
}

const Registrar registered_rope_positions_restart(
    {"pitfall_rope_positions_restart",
     "a call's tokens are rotated at positions cache.length(), cache.length() + 1, ...",
     check_rope_positions_restart});

}  // namespace
}  // namespace grader::kata_kv_cache
