// expect: fail
// Returns a million merges (and a million symbols per word): refused as far too many, reported,
// never sent whole or allowed to stall the grader.
#include "bpe.hpp"

namespace kata {

std::vector<Merge> bpe_train(const std::vector<std::pair<std::string, int64_t>>&, int64_t) {
  return std::vector<Merge>(1000000, Merge{"a", "b"});
}

std::vector<std::string> bpe_encode(const std::string&, const std::vector<Merge>&) {
  return std::vector<std::string>(1000000, "a");
}

}  // namespace kata
