// expect: error
// Does not compile: a typo. The report must show the compiler's first error, file:line first.
#include "bpe.hpp"

namespace kata {

std::vector<Merge> bpe_train(const std::vector<std::pair<std::string, int64_t>>& words,
                             int64_t num_merges) {
  std::vector<Merge> merges return merges;
}

std::vector<std::string> bpe_encode(const std::string& word, const std::vector<Merge>&) {
  return {word};
}

}  // namespace kata
