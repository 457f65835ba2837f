// Detector of post_norm: the original Transformer's order, rms_norm(x + attention(x)) and
// rms_norm(h + mlp(h)), where LLaMA normalises each sublayer's input.
#include "grader/katas/decoder_block/detect.hpp"

namespace grader::kata_decoder_block {
namespace {

Outcome check_post_norm(uint64_t seed) {
  return detect(seed, false, &Made::post_norm, "post_norm", [](const Case&, const Steps&) {
    return std::string(
        "the norms come after each residual sum (post-norm, the original Transformer's): h = "
        "rms_norm(x + attention(x)), out = rms_norm(h + mlp(h)). This block is pre-norm, as in "
        "GPT-2 onward and LLaMA: each sublayer reads a normalised copy of its input, and the "
        "residual adds to the input itself: h = x + attention(rms_norm(x, attn_norm_weight)), out "
        "= h + mlp(rms_norm(h, mlp_norm_weight)).");
  });
}

const Registrar registered_post_norm({"pitfall_post_norm",
                                      "pre-norm: each sublayer reads rms_norm of its input",
                                      check_post_norm});

}  // namespace
}  // namespace grader::kata_decoder_block
