// Detector of merge_right_to_left: occurrences of a merged pair replaced scanning from the right.
#include "grader/katas/bpe/detect.hpp"

namespace grader::kata_bpe {
namespace {

Outcome check_merge_right_to_left(uint64_t seed) {
  return detect(seed, &Made::merge_right_to_left, "merge_right_to_left",
                [](const Case&, const Steps&) {
                  return std::string(
                      "a merge's occurrences are replaced scanning from the right: \"aaa\" becomes "
                      "\"a\" \"aa\", "
                      "where the statement (and every BPE tokenizer) makes it \"aa\" \"a\", left "
                      "to right without overlap. It shows wherever a pair overlaps itself (runs "
                      "of one letter), in training and in encoding.");
                });
}

const Registrar registered_merge_right_to_left({"pitfall_merge_right_to_left",
                                                "occurrences are replaced left to right",
                                                check_merge_right_to_left});

}  // namespace
}  // namespace grader::kata_bpe
