// expect: error
// Crashes: writes through a null pointer. Every check must report the crash, not stop the grader.
#include "bpe.hpp"

namespace kata {

std::vector<Merge> bpe_train(const std::vector<std::pair<std::string, int64_t>>&, int64_t) {
  volatile int* nowhere = nullptr;
  *nowhere = 1;
  return {};
}

std::vector<std::string> bpe_encode(const std::string&, const std::vector<Merge>&) {
  volatile int* nowhere = nullptr;
  *nowhere = 1;
  return {};
}

}  // namespace kata
