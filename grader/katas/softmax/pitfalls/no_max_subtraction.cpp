// Detector of no_max_subtraction: exp(x) / sum(exp(x)) with no maximum subtracted, which
// overflows (exp(710) = inf in Float64) or underflows to 0 / 0 on large logits.
#include <cmath>

#include "grader/katas/softmax/detect.hpp"

namespace grader::kata_softmax {
namespace {

/// How far apart two outputs are: the largest absolute difference, or infinity if either has a
/// NaN or an inf (or they differ in shape).
double distance(const kt::Tensor& a, const kt::Tensor& b) {
  if (a.sizes() != b.sizes() || !all_finite(a) || !all_finite(b)) return INFINITY;
  return kt::amax(kt::abs(a.to(kt::Float64) - b.to(kt::Float64))).item();
}

/// Values in [0, 1] whose slices along some axis sum to 1 (the softmax's axis, or another).
bool looks_like_weights(const kt::Tensor& out) {
  const kt::Tensor w = out.to(kt::Float64);
  if (kt::all((w >= -1e-12) & (w <= 1.0 + 1e-12)).item() == 0.0) return false;
  for (int64_t d = 0; d < w.dim(); ++d) {
    if (kt::allclose(kt::sum(w, d), kt::ones_like(kt::sum(w, d)), 0.0, 1e-5)) return true;
  }
  return false;
}

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
    // Only an output that already looks like weights can be said to have "changed" under the
    // shift; any output can show overflow.
    const bool weights = looks_like_weights(plain.out);
    for (const double shift : {1000.0, -1000.0}) {
      Case shifted = c;
      shifted.x = c.x + shift;
      shifted.logits = c.logits + (shift > 0 ? ", plus 1000" : ", minus 1000");
      const Run run = run_learner(c, shifted.x);
      if (auto stopped = cannot_check(shifted, run, "no_max_subtraction")) return stopped;
      const bool overflowed = !all_finite(run.out);
      if (!overflowed && (!weights || distance(run.out, plain.out) <= 0.01)) continue;
      return found_pitfall(
          shifted, run.out, "no_max_subtraction",
          "adding the same constant (" + std::to_string(int(shift)) + ") to every logit " +
              (overflowed ? std::string("gave NaN or inf") : std::string("changed the result")) +
              ", and softmax(x + c) = softmax(x). exp of a large logit overflows to inf (past "
              "709 in Float64, 88 in Float32), and exp of a very negative one underflows to 0, "
              "so the sum is inf or 0 and the division gives NaN. Subtract each slice's maximum "
              "along dim (keepdim = true) before exp: exp then sees numbers <= 0 and the largest "
              "term is exactly 1. Every exp must see x - max, the numerator's and the sum's: one "
              "exp of x unshifted is enough to overflow or underflow.");
    }
    return std::nullopt;
  });
}

const Registrar registered_no_max_subtraction(
    {"pitfall_no_max_subtraction",
     "softmax(x + 1000) = softmax(x): each slice's maximum is subtracted "
     "before exp",
     check_no_max_subtraction});

}  // namespace
}  // namespace grader::kata_softmax
