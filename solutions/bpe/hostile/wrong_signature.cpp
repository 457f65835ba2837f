// expect: error
// Defines bpe_train with an int num_merges and outside namespace kata: it compiles, but the
// grader's call finds no definition, so linking fails and says so.
#include "bpe.hpp"

std::vector<kata::Merge> bpe_train(const std::vector<std::pair<std::string, int64_t>>&, int) {
  return {};
}

std::vector<std::string> bpe_encode(const std::string& word, const std::vector<kata::Merge>&) {
  return {word};
}
