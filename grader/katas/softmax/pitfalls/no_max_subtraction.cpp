// Detector of no_max_subtraction: exp(x) / sum(exp(x)) with no maximum subtracted, which
// overflows (exp(710) = inf in Float64) or underflows to 0 / 0 on large logits.
#include "grader/katas/softmax/detect.hpp"

namespace grader::kata_softmax {
namespace {

Outcome check_no_max_subtraction(uint64_t seed) {
  return run_softmax_property(seed, kDetectorCases, [&]() -> std::optional<Failure> {
    // dim first: a sum taken without keepdim lines up there and cannot throw (detect.hpp).
    Spec spec;
    spec.axis = Axis::First;
    spec.rank_min = 1;
    const Case c = generate(spec);
    const Run plain = run_learner(c);
    if (auto stopped = cannot_check(c, plain, "no_max_subtraction")) return stopped;
    if (!all_finite(plain.out)) return std::nullopt;  // wrong already: the general checks say so
    // Unshifted, exp overflows at +1000 and underflows at -1000: whichever exp is left unshifted
    // (the numerator's, the sum's or both), the result is wrong at both shifts and NaN or inf at
    // one. A shift by another slice-wise amount that can exceed the maximum (the largest |x|)
    // underflows at -1000 only and is right at +1000: not this pitfall (Note [softmax
    // detectors]).
    std::optional<Failure> found;
    for (const double shift : {1000.0, -1000.0}) {
      Case shifted = c;
      shifted.x = c.x + shift;
      shifted.logits = c.logits + (shift > 0 ? ", plus 1000" : ", minus 1000");
      const Run run = run_learner(c, shifted.x);
      if (auto stopped = cannot_check(shifted, run, "no_max_subtraction")) return stopped;
      if (matches(shifted, run.out, run_reference(shifted))) return std::nullopt;
      // Only NaN or inf: a result that changes but stays finite comes from other code (logits
      // clamped to keep exp finite, divided by their maximum): not this pitfall.
      if (found || all_finite(run.out)) continue;
      found = found_pitfall(
          shifted, run.out, "no_max_subtraction",
          "adding the same constant (" + std::to_string(int(shift)) + ") to every logit " +
              "gave NaN or inf" +
              ", and softmax(x + c) = softmax(x). exp of a large logit overflows to inf (past "
              "709 in Float64, 88 in Float32), and exp of a very negative one underflows to 0, "
              "so the sum is inf or 0 and the division gives NaN. Subtract each slice's maximum "
              "along dim (keepdim = true) before exp: exp then sees numbers <= 0 and the largest "
              "term is exactly 1. Every exp must see x - max, the numerator's and the sum's: one "
              "exp of x unshifted is enough to overflow or underflow.");
    }
    return found;
  });
}

const Registrar registered_no_max_subtraction(
    {"pitfall_no_max_subtraction",
     "softmax(x + 1000) = softmax(x): each slice's maximum is subtracted "
     "before exp",
     check_no_max_subtraction});

}  // namespace
}  // namespace grader::kata_softmax
