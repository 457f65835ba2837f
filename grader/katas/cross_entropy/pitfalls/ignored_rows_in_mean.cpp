// Detector of ignored_rows_in_mean: rows whose target is ignore_index counted in the mean (left
// out of the sum but counted in N, or read as ordinary rows).
#include "grader/katas/cross_entropy/detect.hpp"

namespace grader::kata_cross_entropy {
namespace {

Outcome check_ignored_rows_in_mean(uint64_t seed) {
  Spec spec = detector_spec(Logits::Moderate, Ignored::Some);
  // A class as ignore_index: code that never reads it runs there (a target of -100 throws).
  spec.ignore_a_class = true;
  return detect(
      seed, spec, &Made::ignored_rows_in_mean, "ignored_rows_in_mean",
      [](const Case& c, const Steps& steps) {
        const int64_t n = c.logits.size(0), kept = c.kept_rows();
        const std::string ii = "ignore_index = " + std::to_string(c.ignore_index);
        const std::string what =
            steps.ignored == Steps::Ignored::ZeroedInMean
                ? "the rows whose target is " + ii +
                      " add nothing to the sum, but the sum is divided by N = " +
                      std::to_string(n) + " rows instead of the " + std::to_string(kept) + " kept"
                : "the rows whose target is " + ii + " are read as ordinary rows of class " +
                      std::to_string(c.ignore_index) + " (ignore_index is never looked at)";
        // Code that compares the target with -100 (PyTorch's default) instead of ignore_index:
        // right on the same rows marked -100 with ignore_index = -100. Code that leaves out every
        // negative target is right with -7 too: each is said as it is.
        std::string hard_coded;
        const auto right_when_marked = [&](int64_t mark) {
          Case marked = c;
          marked.ignore_index = mark;
          marked.target = kt::where(c.target == double(c.ignore_index),
                                    kt::full_like(c.target, double(mark)), c.target);
          const Run run = run_learner(marked);
          return run.ok() && matches(marked, run.out, run_reference(marked));
        };
        if (steps.ignored != Steps::Ignored::ZeroedInMean && c.ignore_index != -100 &&
            right_when_marked(-100))
          hard_coded =
              right_when_marked(-7)
                  ? " With ignore_index = -100 or -7 (the same rows' targets set to it) your code "
                    "does leave them out: it leaves out the rows whose target is negative, not "
                    "those whose target is the ignore_index it is given."
                  : " With ignore_index = -100 (the same rows' targets -100) your code does leave "
                    "them out: it compares the target with -100, PyTorch's default, not with the "
                    "ignore_index it is given.";
        return what +
               ". An ignored row leaves the loss entirely: the mean runs over the rows "
               "whose target is not ignore_index, and divides by their number (PyTorch "
               "ignores a row whose target equals ignore_index even when that is a "
               "valid class)." +
               hard_coded;
      });
}

const Registrar registered_ignored_rows_in_mean(
    {"pitfall_ignored_rows_in_mean",
     "rows whose target is ignore_index are left out of the mean, sum and count",
     check_ignored_rows_in_mean});

}  // namespace
}  // namespace grader::kata_cross_entropy
