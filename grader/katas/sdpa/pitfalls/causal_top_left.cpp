// Detector of the pitfall causal_top_left: the causal mask aligned top-left (query i attends keys
// 0..i), wrong when T_q < T_k. See Note [sdpa detectors] in detect.hpp.
#include "grader/katas/sdpa/detect.hpp"

namespace grader::kata_sdpa {
namespace {

Outcome check_causal_top_left(uint64_t seed) {
  return run_sdpa_property(seed, kDetectorCases, [&]() -> std::optional<Failure> {
    Spec spec = masked_no_empty_rows(Masking::Causal);
    spec.lengths = Lengths::FewerQueries;
    const Case c = generate(spec);
    const Run run = run_learner(c);
    if (auto stopped = cannot_check(c, run, "causal_top_left")) return stopped;
    if (matches(c, run.out) || !shows_mistake(c, run.out, {.causal_top_left = true})) {
      return std::nullopt;
    }
    const std::string tq = std::to_string(c.Tq()), tk = std::to_string(c.Tk()),
                      offset = std::to_string(c.Tk() - c.Tq());
    return found_pitfall(
        c, run.out, "causal_top_left",
        "the causal mask is aligned top-left: query i attends keys 0..i. With T_q = " + tq +
            " queries and T_k = " + tk +
            " keys, the queries are the last T_q positions (a decode step appends them after "
            "T_k - T_q cached keys), so query i sits at position T_k - T_q + i = " +
            offset + " + i and may attend keys 0.." + offset +
            " + i: keep the lower triangle with diagonal offset T_k - T_q (kt::tril(ones, t_k - "
            "t_q)). PyTorch's is_causal aligns top-left, which is right only when T_q = T_k; "
            "with a KV cache the new token would see only the first key.");
  });
}

const Registrar registered_causal_top_left(
    {"pitfall_causal_top_left",
     "is_causal aligns the queries bottom-right (query i at T_k - T_q + i)",
     check_causal_top_left});

}  // namespace
}  // namespace grader::kata_sdpa
