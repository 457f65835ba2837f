// Detector of the pitfall neg_inf_nan: -inf in the scores turns a fully masked row into NaN.
// See Note [pitfall detectors] in detect.hpp.
#include "grader/katas/mha_family/detectors.hpp"

namespace grader::mha {
Outcome check_neg_inf_nan(uint64_t seed) {
  return run_mha_property(seed, kDetectorCases, [&]() -> std::optional<Failure> {
    const Case c = generate(one_head(Masking::FullyMasked));
    const Run run = run_learner(c);
    if (!shape_ok(c, run)) return cannot_check(c, run, "NaN from fully masked rows");
    if (!nan_only_where_nothing_to_attend(c, run)) return std::nullopt;
    return found_pitfall(
        c, run, "neg_inf_nan",
        "a query row whose keys are all masked (a padded position) comes out as NaN. Filling "
        "masked scores with -inf makes such a row softmax(-inf, ..., -inf) = 0/0 = NaN, and the "
        "NaN then spreads through everything downstream. Fill with kt::finfo(scores.dtype()).min "
        "instead: exp() of it underflows to 0 without NaN, and a fully masked row gets uniform "
        "weights. (Already using finfo.min? Scores filled with Float64's lowest then cast to "
        "Float32 hold -inf: fill in the dtype you softmax. And weights masked after the softmax "
        "and divided by their row's sum divide 0 by 0 there: mask the scores, before the "
        "softmax.)");
  });
}

constinit const FamilyDetector neg_inf_nan_detector{"neg_inf_nan", "a fully masked row is not NaN",
                                                    check_neg_inf_nan};

}  // namespace grader::mha
