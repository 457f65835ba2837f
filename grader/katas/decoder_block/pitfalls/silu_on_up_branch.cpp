// Detector of silu_on_up_branch: silu(w_up(x)) * w_gate(x), the activation on the wrong branch.
#include "grader/katas/decoder_block/detect.hpp"

namespace grader::kata_decoder_block {
namespace {

Outcome check_silu_on_up_branch(uint64_t seed) {
  return detect(seed, true, &Made::silu_on_up_branch, "silu_on_up_branch",
                [](const Case&, const Steps&) {
                  return std::string(
                      "silu is applied to w_up(x) and multiplies w_gate(x): the branches are "
                      "swapped. In SwiGLU the gate is the activated branch: w_down(silu(w_gate(x)) "
                      "* w_up(x)). (The two Linears have the same shape, so nothing throws; the "
                      "checkpoint's weights say which is which.)");
                });
}

const Registrar registered_silu_on_up_branch({"pitfall_silu_on_up_branch",
                                              "silu is applied to the gate branch, w_gate(x)",
                                              check_silu_on_up_branch});

}  // namespace
}  // namespace grader::kata_decoder_block
