// Detector of cache_not_appended: a call's new tokens attend to the cached keys only, not to their
// own. See Note [kv_cache detectors] in detect.hpp.
#include "grader/katas/kv_cache/detect.hpp"

namespace grader::kata_kv_cache {
namespace {

Outcome check_cache_not_appended(uint64_t seed) {
  return run_kv_property(seed, kDetectorCases, [&]() -> std::optional<Failure> {
    const Case c = generate(detector_spec());
    const Decode d = run_learner(c);
    if (auto stopped = cannot_check(c, d, "cache_not_appended")) return stopped;
    if (close(d.run.out, run_reference(c).out)) return std::nullopt;
    if (!mistake_combination(c, d.run.out, [](const Mistakes& m) { return m.not_appended; }))
      return std::nullopt;
    return found_pitfall(
        c, d.run.out, "cache_not_appended",
        "your outputs are what attention over the cache alone gives: each call's new tokens attend "
        "to "
        "the keys that were cached before the call, not to their own. A token must see itself (and "
        "the new tokens before it): append the new keys and values to the cache first, then "
        "attend over the whole cache.");
  });
}

const Registrar check({"pitfall_cache_not_appended",
                       "each call's new tokens attend to the cache and to themselves",
                       check_cache_not_appended});

}  // namespace
}  // namespace grader::kata_kv_cache
