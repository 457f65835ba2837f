// Detector of encode_not_by_rank: encoding applies the leftmost mergeable pair instead of the
// lowest-ranked one.
#include "grader/katas/bpe/detect.hpp"

namespace grader::kata_bpe {
namespace {

Outcome check_encode_not_by_rank(uint64_t seed) {
  return detect(seed, &Made::encode_not_by_rank, "encode_not_by_rank",
                [](const Case&, const Steps&) {
                  return std::string(
                      "your encoding applies the leftmost pair that is a merge, not the "
                      "lowest-ranked one present: "
                      "merges must be applied in the order they were learned (the earliest in "
                      "`merges` first, wherever it sits in the word), as GPT-2's encoder does; the "
                      "leftmost one may have been learned much later.");
                });
}

const Registrar registered_encode_not_by_rank(
    {"pitfall_encode_not_by_rank", "encoding applies the lowest-ranked merge present first",
     check_encode_not_by_rank});

}  // namespace
}  // namespace grader::kata_bpe
