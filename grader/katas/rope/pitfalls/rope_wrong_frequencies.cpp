// Detector of rope_wrong_frequencies: pair i turned at base^(-i/d), base^(-2i/(d/2)),
// base^(+2i/d), base^(-2(i+1)/d), 1 (an exponent in integers) or base^(-2i/T) (the sequence
// length for d) per position instead of base^(-2i/d).
// See Note [rope detectors] in detect.hpp.
#include <cmath>
#include <sstream>

#include "grader/katas/rope/detect.hpp"

namespace grader::kata_rope {
namespace {

Outcome check_rope_wrong_frequencies(uint64_t seed) {
  return detect_mistake(
      seed, "rope_wrong_frequencies",
      [](const Mistakes& m) { return m.frequencies != Frequencies::Right; },
      [](const Case& c, const Mistakes& m) {
        const double d = double(c.d());
        std::ostringstream message;
        message << "pair i of your rotation turns by " << frequencies_text(m.frequencies)
                << " radians per position, not base^(-2i/d)";
        if (m.frequencies == Frequencies::IntegerExponent)
          message << " (an exponent 2 * i / d computed in integers is 0 for every pair: compute "
                     "it in floating point)";
        if (m.frequencies == Frequencies::PositiveExponent)
          message << " (the exponent without its minus sign, or the positions divided by "
                     "base^(-2i/d) where they are multiplied by it: the angle is position * "
                     "inv_freq)";
        if (m.frequencies == Frequencies::OverLength)
          message << " (your exponent divides by the sequence length T = " << c.T()
                  << ", x.size(-2), where d = x.size(-1) belongs)";
        message << ". Here d = " << c.d() << ", base = " << c.base << ": pair 1 should turn by "
                << std::pow(c.base, -2.0 / d) << " rad per position";
        if (c.d() / 2 - 1 > 1)
          message << ", and the last pair (i = d/2 - 1) by "
                  << std::pow(c.base, -2.0 * (d / 2 - 1) / d);
        message << ". The exponents are 0, 2, 4, ..., d - 2, each divided by d (arange(0, d, 2) / "
                   "d), negated: the first pair turns fastest (1 rad per position) and the last "
                   "slowest.";
        return message.str();
      });
}

const Registrar registered_rope_wrong_frequencies(
    {"pitfall_rope_wrong_frequencies", "pair i turns by base^(-2i/d) radians per position",
     check_rope_wrong_frequencies});

}  // namespace
}  // namespace grader::kata_rope
