// Detector of max_over_wrong_dim: the maximum subtracted before exp is not each slice's own (taken
// along another axis, or along dim without keepdim so that it broadcasts the wrong way), so it
// is no longer a constant within a slice and the result changes.
#include <rapidcheck.h>

#include "grader/katas/softmax/detect.hpp"
#include "grader/katas/softmax/mistakes.hpp"

namespace grader::kata_softmax {
namespace {

const char* const kFix =
    " Subtracting a number is harmless only if it is the same for every entry of a slice along "
    "dim: take the maximum along dim with keepdim = true (kt::amax(x, dim, true)), so that it "
    "broadcasts along dim.";

Outcome check_max_over_wrong_dim(uint64_t seed) {
  return run_softmax_property(seed, kDetectorCases, [&]() -> std::optional<Failure> {
    // Either dim first (a maximum along another axis shows; nothing taken without keepdim does),
    // or a cube with dim not first (a maximum without keepdim broadcasts the wrong way).
    const bool cube = *rc::gen::arbitrary<bool>().as("a cube with dim not the first axis");
    const Case c = generate(cube ? cube_not_first(Logits::Moderate) : first_axis());
    const Run run = run_learner(c);
    if (auto stopped = cannot_check(c, run, "max_over_wrong_dim")) return stopped;
    if (matches(c, run.out, run_reference(c))) return std::nullopt;
    const int64_t dim = c.axis();
    if (const auto other = other_axis_matching(
            c, run.out, [&](int64_t axis) { return max_over_axis(c.x, dim, axis); })) {
      return found_pitfall(c, run.out, "max_over_wrong_dim",
                           "the maximum subtracted before exp is taken along axis " +
                               std::to_string(*other) +
                               ", not along dim = " + std::to_string(c.dim) +
                               ", so it differs between the entries of one slice and the "
                               "weights come out wrong." +
                               kFix);
    }
    const kt::Tensor no_keepdim = max_without_keepdim(c.x, dim);
    if (no_keepdim.defined() && matches(c, run.out, no_keepdim)) {
      return found_pitfall(
          c, run.out, "max_over_wrong_dim",
          "the maxima along dim were taken without keepdim: shape " +
              kt::shape_str(kt::amax(c.x, dim).sizes()) +
              " lines up with x's last axes, not along dim = " + std::to_string(c.dim) +
              ", so each entry has another slice's maximum subtracted." + kFix);
    }
    return std::nullopt;
  });
}

const Registrar registered_max_over_wrong_dim(
    {"pitfall_max_over_wrong_dim",
     "the maximum subtracted is each slice's own (along dim, keepdim)", check_max_over_wrong_dim});

}  // namespace
}  // namespace grader::kata_softmax
