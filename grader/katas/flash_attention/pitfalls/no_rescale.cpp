// Detector of no_rescale: when a new block raises a query's running maximum, what was summed under
// the old maximum (the accumulator, or the running sum) is not multiplied by exp(m_old - m_new).
// See Note [flash_attention detectors] in detect.hpp.
#include "grader/katas/flash_attention/detect.hpp"

namespace grader::kata_flash_attention {
namespace {

const char* what_was_not_rescaled(Rescale r) {
  switch (r) {
    case Rescale::AccumulatorNot:
      return "Your output matches an accumulator that was never rescaled (the running sum was)";
    case Rescale::SumNot:
      return "Your output matches a running sum that was never rescaled (the accumulator was)";
    case Rescale::Neither:
      return "Your output matches an accumulator and a running sum that were never rescaled";
    case Rescale::BlockLocal:
      return "Your output matches each block exponentiated against its own maximum and the "
             "blocks added up as they are";
    case Rescale::Right:
      break;
  }
  return "";
}

Outcome check_no_rescale(uint64_t seed) {
  return run_flash_property(seed, kDetectorCases, [&]() -> std::optional<Failure> {
    // Not causal: no masking mistake can show; at least two key blocks, so a maximum can grow.
    const Case c = detector_case(/*causal=*/false);
    const Run run = run_learner(c);
    if (auto stopped = cannot_check(c, run, "no_rescale")) return stopped;
    const auto found = needs_switch(
        c, run.out, [](const Mistakes& m) { return m.rescale != Rescale::Right; },
        [](Mistakes m) {
          m.rescale = Rescale::Right;
          return m;
        });
    if (!found) return std::nullopt;
    const std::string fix =
        found->rescale == Rescale::BlockLocal
            ? ". Keep a running maximum m across blocks. Either exponentiate each block against "
              "m_new directly (then only the sums from before need exp(m_old - m_new)), or keep "
              "it against its own maximum and bring its sums to m_new with exp(m_block - m_new)."
            : std::string(
                  ". Multiply both the accumulator and the running sum by "
                  "exp(m_old - m_new) before adding the new block's exp(s - m_new) "
                  "terms.") +
                  (found->rescale == Rescale::Neither
                       ? " A rescale that is in your code reads the same when its factor is "
                         "taken after m was set to m_new (exp(m_new - m_new) is 1): take the "
                         "factor from the old maximum, then update m."
                       : "");
    return found_pitfall(
        c, run.out, "no_rescale",
        std::string("when a later block holds a larger score, the running maximum grows from "
                    "m_old to m_new, and everything summed so far was exponentiated against "
                    "m_old. ") +
            what_was_not_rescaled(found->rescale) + fix);
  });
}

const Registrar registered_no_rescale(
    {"pitfall_no_rescale",
     "the accumulator and the running sum are rescaled when the maximum grows", check_no_rescale});

}  // namespace
}  // namespace grader::kata_flash_attention
