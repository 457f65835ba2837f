// expect: error
// Hangs: never returns (a merge loop that never ends). Each check must time out and say so.
#include "bpe.hpp"

namespace kata {

std::vector<Merge> bpe_train(const std::vector<std::pair<std::string, int64_t>>&, int64_t) {
  volatile bool forever = true;
  while (forever) {
  }
  return {};
}

std::vector<std::string> bpe_encode(const std::string& word, const std::vector<Merge>& merges) {
  volatile bool forever = !merges.empty() || word.empty() || true;
  while (forever) {
  }
  return {};
}

}  // namespace kata
