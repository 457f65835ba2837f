// Detector of causal_top_left: the causal mask of a call aligned top-left: query i sees keys 0..i
// only. See Note [kv_cache detectors] in detect.hpp.
#include "grader/katas/kv_cache/detect.hpp"

namespace grader::kata_kv_cache {
namespace {

Outcome check_causal_top_left(uint64_t seed) {
  return detect_switch(
      seed, "causal_top_left", [](const Mistakes& m) { return m.top_left; },
      "your causal mask is aligned top-left: in a call whose cache already holds L tokens, new "
      "token "
      "i may see keys 0..i, where it sits at position L + i and may see keys 0..L + i. With one "
      "new token, it attends to the first token of the sequence only. The T_new x T_total mask "
      "is aligned bottom-right: key j is allowed for new token i when j <= L + i (tril with "
      "diagonal L, or build it from the positions).");
}

const Registrar registered_causal_top_left(
    {"pitfall_causal_top_left",
     "new token i of a call sees every key up to position cache.length() + i",
     check_causal_top_left});

}  // namespace
}  // namespace grader::kata_kv_cache
