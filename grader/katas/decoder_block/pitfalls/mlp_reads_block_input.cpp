// Detector of mlp_reads_block_input: the MLP fed rms_norm(x), the block's input (GPT-J's parallel
// form), instead of rms_norm(h), the output of the attention sublayer.
#include "grader/katas/decoder_block/detect.hpp"

namespace grader::kata_decoder_block {
namespace {

Outcome check_mlp_reads_block_input(uint64_t seed) {
  return detect(seed, false, &Made::mlp_reads_block_input, "mlp_reads_block_input",
                [](const Case&, const Steps&) {
                  return std::string(
                      "the MLP reads rms_norm(x, mlp_norm_weight), the block's input, so it never "
                      "sees what attention added (GPT-J's and PaLM's parallel block). This block "
                      "is sequential: the MLP reads rms_norm(h, mlp_norm_weight), with h = x + "
                      "attention(rms_norm(x, attn_norm_weight)).");
                });
}

const Registrar registered_mlp_reads_block_input({"pitfall_mlp_reads_block_input",
                                                  "the MLP reads rms_norm(h), after attention",
                                                  check_mlp_reads_block_input});

}  // namespace
}  // namespace grader::kata_decoder_block
