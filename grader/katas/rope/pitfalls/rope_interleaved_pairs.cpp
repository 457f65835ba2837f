// Detector of rope_interleaved_pairs: the pairs (x[2i], x[2i+1]) rotated (GPT-J's convention),
// where this kata pairs x[i] with x[i + d/2] (rotate-half, GPT-NeoX and LLaMA in Hugging Face).
// See Note [rope detectors] in detect.hpp.
#include "grader/katas/rope/detect.hpp"

namespace grader::kata_rope {
namespace {

Outcome check_rope_interleaved_pairs(uint64_t seed) {
  return detect_mistake(
      seed, "rope_interleaved_pairs", [](const Mistakes& m) { return m.interleaved; },
      [](const Case&, const Mistakes&) -> std::string {
        return "your code rotates the neighbouring pairs (x[2i], x[2i+1]): the interleaved "
               "convention "
               "of GPT-J and the original RoFormer. This kata uses rotate-half (GPT-NeoX, LLaMA in "
               "Hugging Face): pair i is (x[i], x[i + d/2]), the two halves of the last axis. Both "
               "are "
               "RoPE, but a model trained with one gives garbage with the other. Split the last "
               "axis "
               "into its first and second half (narrow), not into even and odd slots.";
      });
}

const Registrar registered_rope_interleaved_pairs(
    {"pitfall_rope_interleaved_pairs", "pair i is (x[i], x[i + d/2]), the rotate-half convention",
     check_rope_interleaved_pairs});

}  // namespace
}  // namespace grader::kata_rope
