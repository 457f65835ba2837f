// Detector of missing_activation: w_down(w_gate(x) * w_up(x)), no silu at all.
#include "grader/katas/decoder_block/detect.hpp"

namespace grader::kata_decoder_block {
namespace {

Outcome check_missing_activation(uint64_t seed) {
  return detect(seed, true, &Made::missing_activation, "missing_activation",
                [](const Case&, const Steps&) {
                  return std::string(
                      "the MLP has no activation: w_down(w_gate(x) * w_up(x)), a bilinear map. "
                      "SwiGLU applies silu to the gate branch: w_down(kt::silu(w_gate(x)) * "
                      "w_up(x)), silu(z) = z * sigmoid(z).");
                });
}

const Registrar registered_missing_activation({"pitfall_missing_activation",
                                               "the gate branch goes through silu",
                                               check_missing_activation});

}  // namespace
}  // namespace grader::kata_decoder_block
