// Detector of cache_concat_wrong_axis: the new keys or values concatenated to the cache along
// another axis than the time axis (2). See Note [kv_cache detectors] in detect.hpp.
#include <optional>

#include "grader/katas/kv_cache/detect.hpp"
#include "kt/instrument.hpp"

namespace grader::kata_kv_cache {
namespace {

/// The axis other than 2 along which a traced cat grew a tensor of the cache's shape, if any.
std::optional<int64_t> wrong_cat_axis(const std::vector<kt::TraceEvent>& events,
                                      const kt::Shape& cache_shape) {
  for (const kt::TraceEvent& e : events) {
    if (e.op != "cat" || e.threw || e.inputs.empty() || e.inputs[0].sizes != cache_shape) continue;
    const kt::Shape& out = e.output.sizes;
    if (out.size() != cache_shape.size()) continue;
    for (size_t a = 0; a < out.size(); ++a)
      if (a != 2 && out[a] > cache_shape[a]) return int64_t(a);
  }
  return std::nullopt;
}

Outcome check_cache_concat_wrong_axis(uint64_t seed) {
  return run_kv_property(seed, kDetectorCases, [&]() -> std::optional<Failure> {
    Spec spec;
    spec.split = Split::PrefillThenSame;
    const Case c = generate(spec);
    const int64_t n = c.chunks[0];
    if (c.H == n) return std::nullopt;  // (B, n, H, d_head) would have the cache's shape
    std::optional<int64_t> axis;
    Decode d;
    {
      kt::OpTrace trace;
      d = run_learner(c);
      axis = wrong_cat_axis(trace.events(), {c.B, c.H, n, c.d_head});
    }
    // No wrong cat seen: checked, unless the code threw or stopped before its second call.
    if (!axis) return d.call < 2 ? cannot_check(c, d, "cache_concat_wrong_axis") : std::nullopt;
    if (!failure_from_decode(c, d) && close(d.run.out, run_reference(c).out)) return std::nullopt;
    const char* names[] = {"the batch axis (0)", "the heads axis (1)", "", "the feature axis (3)"};
    Failure f;
    f.counterexample = c.describe();
    f.message = "your code concatenates the new keys or values to the cache along " +
                std::string(names[*axis]) +
                ": the cache is (B, num_heads, T_cached, d_head), and new tokens extend its time "
                "axis, 2. The cache then has the wrong shape, and the ops that meet it (the "
                "scores' matmul, the mask) fail or broadcast it. kt::cat({cache.k, k}, 2) (or "
                "-2).";
    if (auto shown = failure_from_decode(c, d)) {
      f.message += " What followed: " + shown->message;
      // The throw that followed is this mistake's: the checks it stops are grouped under it.
      f.threw = shown->threw;
      f.exception = shown->exception;
    }
    f.pitfall = "cache_concat_wrong_axis";
    return f;
  });
}

const Registrar registered_cache_concat_wrong_axis(
    {"pitfall_cache_concat_wrong_axis",
     "new keys and values extend the cache along its time axis (2)",
     check_cache_concat_wrong_axis});

}  // namespace
}  // namespace grader::kata_kv_cache
