// Detector of sum_without_keepdim: the sums along dim taken without keepdim, so that they
// broadcast against x's last axes instead of along dim (it runs on square shapes, and throws on
// most others).
#include "grader/katas/softmax/detect.hpp"
#include "grader/katas/softmax/mistakes.hpp"

namespace grader::kata_softmax {
namespace {

Outcome check_sum_without_keepdim(uint64_t seed) {
  return run_softmax_property(seed, kDetectorCases, [&]() -> std::optional<Failure> {
    const Case c = generate(cube_not_first(Logits::EqualMaxima));
    const Run run = run_learner(c);
    if (auto stopped = cannot_check(c, run, "sum_without_keepdim")) return stopped;
    if (matches(c, run.out, run_reference(c))) return std::nullopt;
    const kt::Tensor mistake = sum_without_keepdim(c.x, c.dim);
    if (!mistake.defined() || !matches(c, run.out, mistake)) return std::nullopt;
    return found_pitfall(
        c, run.out, "sum_without_keepdim",
        "the sums along dim = " + std::to_string(c.dim) +
            " were taken without keepdim: their shape " +
            kt::shape_str(kt::sum(c.x, c.dim).sizes()) +
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
