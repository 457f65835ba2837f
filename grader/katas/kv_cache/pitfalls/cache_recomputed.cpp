// Detector of cache_recomputed: the whole prefix projected again at every decoding step (right
// outputs, quadratic work). See Note [kv_cache detectors] in detect.hpp.
#include "grader/katas/kv_cache/detect.hpp"
#include "kt/instrument.hpp"

namespace grader::kata_kv_cache {
namespace {

/// Rows fed to a projection: Linear calls, and matmuls by a d x d matrix (a weight used by hand).
int64_t projected_rows(const std::vector<kt::TraceEvent>& events, int64_t d) {
  int64_t rows = 0;
  for (const kt::TraceEvent& e : events) {
    if (e.threw || e.inputs.size() < 2) continue;  // an op that threw projected nothing
    const kt::Shape& w = e.inputs[1].sizes;
    const bool projection =
        e.op == "linear" || (e.op == "matmul" && w.size() == 2 && w[0] == d && w[1] == d);
    if (!projection) continue;
    int64_t n = 1;
    for (const int64_t s : e.inputs[0].sizes) n *= s;
    rows += n / d;
  }
  return rows;
}

Outcome check_cache_recomputed(uint64_t seed) {
  return run_kv_property(seed, kDetectorCases, [&]() -> std::optional<Failure> {
    Spec spec;
    spec.T_min = 4;
    spec.split = Split::OneAtATime;
    const Case c = generate(spec);
    int64_t rows = 0;
    Decode d;
    {
      kt::OpTrace trace;
      d = run_learner(c);
      rows = projected_rows(trace.events(), c.D());
    }
    if (auto stopped = cannot_check(c, d, "cache_recomputed")) return stopped;
    const int64_t needed = 4 * c.B * c.T();
    if (rows <= needed) return std::nullopt;
    const bool right = close(d.run.out, run_reference(c).out);
    Failure f = found_pitfall(
        c, d.run.out, "cache_recomputed",
        std::string(right ? "your outputs are right, but " : "") + "your code fed " +
            std::to_string(rows) + " rows to the projections to decode these " +
            std::to_string(c.T()) + " tokens (batch " + std::to_string(c.B) +
            ") by the op trace your process reports, where each token goes through each of the "
            "four "
            "projections once: " +
            std::to_string(needed) +
            " rows. It recomputes the prefix's keys and values at every step, which is what the "
            "cache exists to avoid: generating N tokens then costs O(N^2) projections instead of "
            "O(N). Project only the call's new tokens and take the past keys and values from "
            "the cache.");
    return f;
  });
}

const Registrar registered_cache_recomputed(
    {"pitfall_cache_recomputed", "each token is projected once: the prefix comes from the cache",
     check_cache_recomputed});

}  // namespace
}  // namespace grader::kata_kv_cache
