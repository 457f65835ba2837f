// Detector of max_over_wrong_dim: the maximum subtracted before exp is not each slice's own (taken
// along another axis, or along dim without keepdim so that it broadcasts the wrong way), so it
// is no longer a constant within a slice and the result changes.
#include "grader/katas/softmax/detect.hpp"

namespace grader::kata_softmax {
namespace {

const char* const kFix =
    " Subtracting a number is harmless only if it is the same for every entry of a slice along "
    "dim: take the maximum along dim with keepdim = true (kt::amax(x, dim, true)), so that it "
    "broadcasts along dim.";

Outcome check_max_over_wrong_dim(uint64_t seed) {
  return run_softmax_property(seed, kDetectorCases, [&]() -> std::optional<Failure> {
    const Case c = generate(cube_any_dim(Logits::Moderate));
    const Run run = run_learner(c);
    if (auto stopped = cannot_check(c, run, "max_over_wrong_dim")) return stopped;
    if (matches(c, run.out, run_reference(c))) return std::nullopt;
    const auto steps = steps_with(c, run.out, &Made::max_over_wrong_dim);
    if (!steps) return std::nullopt;
    if (steps->max_keepdim) {
      return found_pitfall(c, run.out, "max_over_wrong_dim",
                           "the maximum subtracted before exp is taken along axis " +
                               std::to_string(steps->max_axis) +
                               ", not along dim = " + std::to_string(c.dim) +
                               ", so it differs between the entries of one slice and the "
                               "weights come out wrong." +
                               kFix);
    }
    // The maxima without keepdim, along the axis of the sums (dim, unless that is wrong too).
    const bool along_dim = steps->sum_axis == c.axis();
    const std::string axis = along_dim ? "dim" : "axis " + std::to_string(steps->sum_axis);
    return found_pitfall(c, run.out, "max_over_wrong_dim",
                         "the maxima along " + axis +
                             " were taken without keepdim (or squeezed after): shape " +
                             kt::shape_str(kt::amax(c.x, steps->sum_axis).sizes()) +
                             " lines up with x's last axes, not along " +
                             (along_dim ? "dim = " + std::to_string(c.dim) : axis) +
                             ", so each entry has another slice's maximum subtracted." + kFix);
  });
}

const Registrar registered_max_over_wrong_dim(
    {"pitfall_max_over_wrong_dim",
     "the maximum subtracted is each slice's own (along dim, keepdim)", check_max_over_wrong_dim});

}  // namespace
}  // namespace grader::kata_softmax
