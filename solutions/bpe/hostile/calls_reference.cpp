// expect: error
// Cheats: calls the grader's reference implementation. The build must refuse it by name.
#include "../../../reference/bpe/bpe.hpp"  // found by a relative path, as a cheater would
#include "bpe.hpp"

namespace kata {

std::vector<Merge> bpe_train(const std::vector<std::pair<std::string, int64_t>>& words,
                             int64_t num_merges) {
  return ref::bpe_train(words, num_merges);
}

std::vector<std::string> bpe_encode(const std::string& word, const std::vector<Merge>& merges) {
  return ref::bpe_encode(word, merges);
}

}  // namespace kata
