// Detector of the pitfall missing_contiguous: view() of the transposed heads without
// .contiguous(), which throws kt::ViewError exactly as PyTorch's view does.
// See Note [pitfall detectors] in detect.hpp.
#include "grader/katas/mha_family/detectors.hpp"

namespace grader::mha {
Outcome check_missing_contiguous(uint64_t seed) {
  return run_mha_property(seed, kDetectorCases, [&]() -> std::optional<Failure> {
    // The view throws only when H > 1, T > 1 and d_head > 1 (otherwise the transposed layout is
    // still viewable).
    Spec spec = several_heads(Masking::NotCausal);
    spec.t_max = 5;
    spec.dk_min = 2;
    spec.dk_max = 3;
    const Case c = generate(spec);
    const Run run = run_learner(c);
    if (!run.view_error) {
      if (!shape_ok(c, run)) return cannot_check(c, run, "view() of the transposed heads");
      return std::nullopt;  // a wrong result is the general checks' (and other detectors') to name
    }
    Failure f;
    f.pitfall = "missing_contiguous";
    f.threw = run.error;
    f.exception = run.exception;
    f.counterexample = c.describe();
    f.message =
        "view() throws: " + run.error +
        ". After transpose(1, 2) the (B, T, num_heads, d_head) tensor is a strided view whose "
        "memory is still in (B, num_heads, T, d_head) order, so view() cannot merge the last "
        "two dims into d_model. Call .contiguous() before .view() (or use .reshape(), which "
        "copies when it must).";
    return f;
  });
}

constinit const FamilyDetector missing_contiguous_detector{
    "missing_contiguous", "the transposed heads are made contiguous before view()",
    check_missing_contiguous};

}  // namespace grader::mha
