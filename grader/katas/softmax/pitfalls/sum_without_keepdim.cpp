// Detector of sum_without_keepdim: the sums along dim taken without keepdim, so that they
// broadcast against x's last axes instead of along dim (it runs on square shapes, and throws on
// most others).
#include "grader/katas/softmax/detect.hpp"

namespace grader::kata_softmax {
namespace {

Outcome check_sum_without_keepdim(uint64_t seed) {
  return run_softmax_property(seed, kDetectorCases, [&]() -> std::optional<Failure> {
    const Case c = generate(cube_not_first(Logits::EqualMaxima));
    const Run run = run_learner(c);
    if (auto stopped = cannot_check(c, run, "sum_without_keepdim")) return stopped;
    if (matches(c, run.out, run_reference(c))) return std::nullopt;
    const auto steps = steps_with(c, run.out, &Made::sum_without_keepdim);
    if (!steps) return std::nullopt;
    const int64_t axis = steps->sum_axis;
    return found_pitfall(
        c, run.out, "sum_without_keepdim",
        "the sums along " +
            (axis == c.axis() ? "dim = " + std::to_string(c.dim) : "axis " + std::to_string(axis)) +
            " were taken without keepdim: their shape " +
            kt::shape_str(kt::sum(c.x, axis).sizes()) +
            " lines up with x's last axes, so each entry is divided by another slice's sum and "
            "the slices along dim do not sum to 1 (on these square shapes it broadcasts; on "
            "others it throws). Reduce with keepdim = true (kt::sum(e, dim, true)) so the sums "
            "broadcast along dim.");
  });
}

const Registrar registered_sum_without_keepdim(
    {"pitfall_sum_without_keepdim", "each entry is divided by its own slice's sum (keepdim)",
     check_sum_without_keepdim});

}  // namespace
}  // namespace grader::kata_softmax
