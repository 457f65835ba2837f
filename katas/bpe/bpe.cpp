// Your kata: byte-pair encoding. Read README.md, then replace the TODOs.
// Grade with:  ./grade bpe        Stuck?  ./grade hint bpe
#include "bpe.hpp"

#include "kt/error.hpp"

namespace kata {

std::vector<Merge> bpe_train(const std::vector<std::pair<std::string, int64_t>>& words,
                             int64_t num_merges) {
  // TODO: count the pairs, merge the most frequent, num_merges times.
  (void)words;
  (void)num_merges;
  throw kt::NotImplemented(
      "kata::bpe_train(words, num_merges) is not implemented yet: write it in katas/bpe/bpe.cpp");
}

std::vector<std::string> bpe_encode(const std::string& word, const std::vector<Merge>& merges) {
  // TODO: start from the bytes, apply the lowest-ranked merge present until none is.
  (void)word;
  (void)merges;
  throw kt::NotImplemented(
      "kata::bpe_encode(word, merges) is not implemented yet: write it in katas/bpe/bpe.cpp");
}

}  // namespace kata
