// Detector of no_bonus_token: all K accepted and no token drawn from p_K (with or without its u).
#include "grader/katas/speculative_decoding/detect.hpp"

namespace grader::kata_speculative_decoding {
namespace {

Outcome check_no_bonus_token(uint64_t seed) {
  return detect(
      seed, detector_spec(Target::Same), Steps{.bonus = Steps::Bonus::NoneNoDraw},
      &Made::no_bonus_token, "no_bonus_token", [](const Case&, const Steps&) {
        return std::string(
            "when every draft token is accepted your step appends nothing more: the target's "
            "p_K, computed in the same forward pass, gives one token for free. Draw it "
            "(one more u, from p_K) and append it: a step appends between 1 and K + 1 "
            "tokens.");
      });
}

const Registrar registered_no_bonus_token({"pitfall_no_bonus_token",
                                           "all K accepted: the bonus token is drawn from p_K",
                                           check_no_bonus_token});

}  // namespace
}  // namespace grader::kata_speculative_decoding
