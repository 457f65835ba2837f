// Detector of pairs_across_words: the words joined into one sequence, so pairs (and merges) cross
// their boundaries.
#include "grader/katas/bpe/detect.hpp"

namespace grader::kata_bpe {
namespace {

Outcome check_pairs_across_words(uint64_t seed) {
  return detect(
      seed, &Made::pairs_across_words, "pairs_across_words", [](const Case&, const Steps&) {
        return std::string(
            "your pairs cross the words' boundaries: the corpus is read as one sequence (each word "
            "repeated count times, one after the other), so the last byte of a word and "
            "the first of the next make a pair, and merges can join two words. BPE "
            "counts and merges inside each word only: keep one symbol sequence per "
            "word, weighted by its count.");
      });
}

const Registrar registered_pairs_across_words({"pitfall_pairs_across_words",
                                               "pairs are counted inside each word only",
                                               check_pairs_across_words});

}  // namespace
}  // namespace grader::kata_bpe
