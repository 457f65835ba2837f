// Detector of cache_not_appended: a call's new tokens attend to the cached keys only, not to their
// own. See Note [kv_cache detectors] in detect.hpp.
#include "grader/katas/kv_cache/detect.hpp"

namespace grader::kata_kv_cache {
namespace {

Outcome check_cache_not_appended(uint64_t seed) {
  return detect_switch(
      seed, "cache_not_appended", [](const Mistakes& m) { return m.not_appended; },
      "your outputs are what attention over the cache alone gives: each call's new tokens attend "
      "to "
      "the keys that were cached before the call, not to their own. A token must see itself (and "
      "the new tokens before it): append the new keys and values to the cache first, then "
      "attend over the whole cache.",
      not_appended_spec());
}

const Registrar registered_cache_not_appended(
    {"pitfall_cache_not_appended", "each call's new tokens attend to the cache and to themselves",
     check_cache_not_appended});

}  // namespace
}  // namespace grader::kata_kv_cache
