// Detector of softmax_wrong_dim: the softmax taken along another axis than dim (often the last
// one, whatever dim says, or a negative dim counted wrongly).
#include "grader/katas/softmax/detect.hpp"
#include "reference/softmax/softmax.hpp"

namespace grader::kata_softmax {
namespace {

Outcome check_softmax_wrong_dim(uint64_t seed) {
  return run_softmax_property(seed, kDetectorCases, [&]() -> std::optional<Failure> {
    const Case c = generate(first_axis());
    const Run run = run_learner(c);
    if (auto stopped = cannot_check(c, run, "softmax_wrong_dim")) return stopped;
    if (matches(c, run.out, run_reference(c))) return std::nullopt;
    const auto other =
        other_axis_matching(c, run.out, [&](int64_t axis) { return ref::softmax(c.x, axis); });
    if (!other) return std::nullopt;
    return found_pitfall(
        c, run.out, "softmax_wrong_dim",
        "the result is the softmax along axis " + std::to_string(*other) + " (or " +
            std::to_string(*other - c.x.dim()) + "), not along dim = " + std::to_string(c.dim) +
            ": its slices along axis " + std::to_string(*other) +
            " sum to 1. Use dim for every reduction (the maximum and the sum); a negative dim "
            "counts from the end, so -1 is the last axis and -x.dim() the first.");
  });
}

const Registrar registered_softmax_wrong_dim(
    {"pitfall_softmax_wrong_dim", "the softmax is taken along dim, not along another axis",
     check_softmax_wrong_dim});

}  // namespace
}  // namespace grader::kata_softmax
