// Detector of counts_ignored: each distinct word counted once, whatever its count.
#include "grader/katas/bpe/detect.hpp"

namespace grader::kata_bpe {
namespace {

Outcome check_counts_ignored(uint64_t seed) {
  return detect(seed, &Made::counts_ignored, "counts_ignored", [](const Case&, const Steps&) {
    return std::string(
        "each word weighs 1 in your pair counts: a word's count multiplies every pair it holds (a "
        "word "
        "seen 5 times brings its pairs 5 times), and a word listed twice adds its "
        "counts. Without the counts, rare words decide the merges as much as common "
        "ones.");
  });
}

const Registrar registered_counts_ignored({"pitfall_counts_ignored",
                                           "every pair is weighted by its word's count",
                                           check_counts_ignored});

}  // namespace
}  // namespace grader::kata_bpe
