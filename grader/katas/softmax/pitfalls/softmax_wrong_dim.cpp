// Detector of softmax_wrong_dim: the softmax taken along another axis than dim (often the last
// one, whatever dim says, or a negative dim counted wrongly).
#include "grader/katas/softmax/detect.hpp"

namespace grader::kata_softmax {
namespace {

Outcome check_softmax_wrong_dim(uint64_t seed) {
  return run_softmax_property(seed, kDetectorCases, [&]() -> std::optional<Failure> {
    const Case c = generate(cube_any_dim(Logits::Moderate));
    const Run run = run_learner(c);
    if (auto stopped = cannot_check(c, run, "softmax_wrong_dim")) return stopped;
    if (matches(c, run.out, run_reference(c))) return std::nullopt;
    const auto steps = steps_with(c, run.out, &Made::softmax_wrong_dim);
    if (!steps) return std::nullopt;
    const int64_t other = steps->sum_axis;
    const std::string axis =
        std::to_string(other) + " (or " + std::to_string(other - c.x.dim()) + ")";
    const std::string fix =
        " Use dim for every reduction (the maximum and the sum); a negative dim counts from the "
        "end, so -1 is the last axis and -x.dim() the first.";
    // (A reduction without keepdim along the first axis lines up as with it.)
    const bool softmax_along_other = (steps->sum_keepdim || other == 0) &&
                                     (steps->max_keepdim || other == 0) && steps->max_axis == other;
    if (softmax_along_other) {
      return found_pitfall(c, run.out, "softmax_wrong_dim",
                           "the result is the softmax along axis " + axis + ", not along dim = " +
                               std::to_string(c.dim) + ": its slices along axis " +
                               std::to_string(other) + " sum to 1." + fix);
    }
    return found_pitfall(c, run.out, "softmax_wrong_dim",
                         "the sums of exp run along axis " + axis +
                             ", not along dim = " + std::to_string(c.dim) +
                             " (and the maximum or a keepdim is wrong besides)." + fix);
  });
}

const Registrar registered_softmax_wrong_dim(
    {"pitfall_softmax_wrong_dim", "the softmax is taken along dim, not along another axis",
     check_softmax_wrong_dim});

}  // namespace
}  // namespace grader::kata_softmax
