// The softmax kata's general checks: shape and dtype, agreement with the reference on ordinary
// logits, on huge ones, and with -inf / finfo.min entries. Each known pitfall has its own detector
// in pitfalls/ID.cpp (see detect.hpp).
#include <sstream>

#include "grader/katas/softmax/cases.hpp"
#include "grader/katas/softmax/catalogue.hpp"

namespace grader::kata_softmax {
namespace {

constexpr int kCases = 100;

Outcome check_shape(uint64_t seed) {
  return run_softmax_property(seed, kCases, [&]() -> std::optional<Failure> {
    const Case c = generate(Spec{});
    return kata().shape_check(c, run_learner(c));
  });
}

Outcome check_matches_reference(uint64_t seed) {
  return run_softmax_property(seed, kCases, [&]() -> std::optional<Failure> {
    const Case c = generate(Spec{});
    return kata().compare(c, run_learner(c),
                          " The row shown is the slice along dim where they differ most.");
  });
}

Outcome check_large_logits(uint64_t seed) {
  return run_softmax_property(seed, kCases, [&]() -> std::optional<Failure> {
    Spec spec;
    spec.logits = Logits::Large;
    const Case c = generate(spec);
    const Run run = run_learner(c);
    // A result that stays finite did not overflow: say what changes the answer instead.
    const bool finite = run.ok() && all_finite(run.out);
    // Another slice's maximum matters only where there is another slice.
    const bool slices = c.x.dim() > 0 && c.x.numel() > c.x.size(c.dim);
    std::ostringstream overflow;
    overflow << " These logits are huge: exp overflows to inf past 709 in Float64 (88 in "
                "Float32)";
    if (slices)
      overflow << ", and a slice far below some other slice's maximum underflows to 0 / 0";
    overflow << ". Subtract each slice's own maximum along dim before exp; the result is the same "
                "and exp never sees a positive number. A shift by anything else (the minimum, the "
                "mean, the first entry) leaves exp(x - shift) past 709 where the slice spans "
                "more than that.";
    // NaN in a slice of negative logits that span less than exp's range: no shift between the
    // slice's minimum and its maximum overflows there, so the NaN is 0 / 0, every exp underflowed
    // (below -745 in Float64, -103 in Float32): a shift that far above the maximum, or, when the
    // maximum itself is that low, none at all.
    if (run.ok() && !finite && run.out.sizes() == c.x.sizes()) {
      const bool f32 = c.x.dtype() == kt::Float32;
      const double underflow = f32 ? -103.0 : -745.0, span = f32 ? 88.0 : 709.0;
      const kt::Tensor x64 = c.x.to(kt::Float64);
      const kt::Tensor maxima = kt::amax(x64, c.dim, true), minima = kt::amin(x64, c.dim, true);
      const kt::Tensor low = kt::any(kt::isnan(run.out), c.dim, true) & (maxima < 0.0) &
                             (maxima - minima < span) & kt::isfinite(minima);
      if (kt::any(low).item() != 0.0) {
        const double m = kt::amax(maxima.masked_fill(~low, -1e308)).item();
        overflow << " Here a slice is NaN whose logits are all negative (the largest " << m
                 << ") and span less than " << span
                 << ": shifted by its maximum, every exp is at most 1 and the largest exactly 1. "
                    "NaN there is 0 / 0, every exp underflowed to 0: your shift is larger than "
                    "the slice's maximum (its largest |x|, or a maximum that starts at 0 instead "
                    "of -inf)"
                 << (m < underflow ? ", or there is none." : ".");
      }
    }
    return kata().compare(
        c, run,
        finite ? " These logits are huge, and your result is finite but wrong: no inf or NaN came "
                 "out, so look for what changes the answer without one (a clamp of the logits, a "
                 "guard on a sum of 0, an exp of logits so low it loses its digits). Subtract each "
                 "slice's own maximum along dim before exp, with no clamp: the result is the same "
                 "and exp never sees a positive number."
               : overflow.str());
  });
}

Outcome check_masked_entries(uint64_t seed) {
  return run_softmax_property(seed, kCases, [&]() -> std::optional<Failure> {
    Spec spec;
    spec.logits = Logits::Masked;
    const Case c = generate(spec);
    // Only the rules this x exercises (the smallest case often has one kind of entry left).
    const bool minus_inf = kt::any(kt::isinf(c.x)).item() != 0.0;
    const bool lowest_slice =
        kt::any(kt::all(c.x == kt::finfo(c.x.dtype()).min, c.dim)).item() != 0.0;
    // Joined by a stream: GCC 12 at -O3 reports string += of two literals as out of bounds.
    std::ostringstream rules;
    if (minus_inf) {
      rules << " An entry of -inf must get weight exactly 0 when its slice has a finite entry "
               "(exp(-inf) is 0: no special case is needed). A shift that is -inf itself (the "
               "slice's minimum, or an entry that is -inf) gives -inf - (-inf) = NaN: shift by "
               "the slice's maximum, finite whenever the slice has a finite entry.";
    }
    if (lowest_slice) {
      rules << " A slice made entirely of finfo(dtype).min (a fully masked row) must get uniform "
               "weights 1/n: its maximum is finfo.min too, so x - max is 0 there.";
    }
    return kata().compare(c, run_learner(c), rules.str());
  });
}

const Registrar registered_shape({"shape",
                                  "softmax(x, dim) returns x's shape and dtype, any rank and dim",
                                  check_shape});
const Registrar registered_matches_reference(
    {"matches_reference",
     "softmax(x, dim) equals the reference on random logits, any dim "
     "(allclose rtol 1e-9 in Float64, 1e-5 in Float32)",
     check_matches_reference});
const Registrar registered_large_logits(
    {"large_logits", "logits of +-1000 and +-1e30 give the right weights, no inf or NaN",
     check_large_logits});
const Registrar registered_masked_entries(
    {"masked_entries", "-inf entries get weight 0; a slice of finfo.min is uniform",
     check_masked_entries});

}  // namespace
}  // namespace grader::kata_softmax
