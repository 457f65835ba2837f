// Detector of stale_pair_counts: the pairs counted once, before any merge, and never recounted.
#include "grader/katas/bpe/detect.hpp"

namespace grader::kata_bpe {
namespace {

Outcome check_stale_pair_counts(uint64_t seed) {
  return detect(seed, &Made::stale_pair_counts, "stale_pair_counts", [](const Case&, const Steps&) {
    return std::string(
        "your merges are the most frequent pairs of the first round's count, in count order: the "
        "counts are never taken again. Each merge changes the symbols (after (a, b), "
        "\"ab\" is a symbol and pairs with its neighbours), so every round must "
        "count the pairs of the words as they now are.");
  });
}

const Registrar registered_stale_pair_counts({"pitfall_stale_pair_counts",
                                              "the pairs are counted again after every merge",
                                              check_stale_pair_counts});

}  // namespace
}  // namespace grader::kata_bpe
