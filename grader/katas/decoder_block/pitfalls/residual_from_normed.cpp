// Detector of residual_from_normed: the residual added to the normed input (h = xn +
// attention(xn)) instead of to the input itself.
#include "grader/katas/decoder_block/detect.hpp"

namespace grader::kata_decoder_block {
namespace {

Outcome check_residual_from_normed(uint64_t seed) {
  return detect(seed, false, &Made::residual_from_normed, "residual_from_normed",
                [](const Case&, const Steps& s) {
                  const std::string where =
                      s.attn_from_normed && s.mlp_from_normed
                          ? "in both sublayers: h = xn + attention(xn) and out = hn + mlp(hn)"
                      : s.attn_from_normed ? "around attention: h = xn + attention(xn)"
                                           : "around the MLP: out = hn + mlp(hn)";
                  return "the residual adds the sublayer's output to the normed input, " + where +
                         " (xn = rms_norm(x, attn_norm_weight), hn = rms_norm(h, "
                         "mlp_norm_weight)). The residual stream carries the input itself: h = x "
                         "+ attention(xn), out = h + mlp(hn). Only the sublayer reads the normed "
                         "copy.";
                });
}

const Registrar registered_residual_from_normed({"pitfall_residual_from_normed",
                                                 "each residual adds to the un-normed input",
                                                 check_residual_from_normed});

}  // namespace
}  // namespace grader::kata_decoder_block
