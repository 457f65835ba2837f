// Detector of rope_interleaved_pairs: the pairs (x[2i], x[2i+1]) rotated (GPT-J's convention),
// where this kata pairs x[i] with x[i + d/2] (rotate-half, GPT-NeoX and LLaMA in Hugging Face).
// See Note [rope detectors] in detect.hpp.
#include "grader/katas/rope/detect.hpp"

namespace grader::kata_rope {
namespace {

Outcome check_rope_interleaved_pairs(uint64_t seed) {
  return run_rope_property(seed, kDetectorCases, [&]() -> std::optional<Failure> {
    const Case c = generate(detector_spec());
    const Run run = run_learner(c);
    if (auto stopped = cannot_check(c, run, "rope_interleaved_pairs")) return stopped;
    if (matches(c, run.out, run_reference(c))) return std::nullopt;
    if (!pitfall_combination(c, run.out, [](const Mistakes& m) { return m.interleaved; }))
      return std::nullopt;
    return found_pitfall(
        c, run.out, "rope_interleaved_pairs",
        "your code rotates the neighbouring pairs (x[2i], x[2i+1]): the interleaved convention "
        "of GPT-J and the original RoFormer. This kata uses rotate-half (GPT-NeoX, LLaMA in "
        "Hugging Face): pair i is (x[i], x[i + d/2]), the two halves of the last axis. Both are "
        "RoPE, but a model trained with one gives garbage with the other. Split the last axis "
        "into its first and second half (narrow), not into even and odd slots.");
  });
}

const Registrar check({"pitfall_rope_interleaved_pairs",
                       "pair i is (x[i], x[i + d/2]), the rotate-half convention",
                       check_rope_interleaved_pairs});

}  // namespace
}  // namespace grader::kata_rope
