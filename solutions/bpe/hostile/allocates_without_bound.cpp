// expect: error
// Allocates without bound: the memory limit stops it; running out of memory is reported as an
// error on every check (not a wrong answer, the argument checks' included), in normal and
// sanitizer builds alike.
#include "bpe.hpp"

namespace kata {

std::vector<Merge> bpe_train(const std::vector<std::pair<std::string, int64_t>>&, int64_t) {
  std::vector<std::string> hoard;
  while (true) hoard.emplace_back(size_t(1) << 20, 'x');
  return {};
}

std::vector<std::string> bpe_encode(const std::string&, const std::vector<Merge>&) {
  std::vector<std::string> hoard;
  while (true) hoard.emplace_back(size_t(1) << 20, 'x');
  return hoard;
}

}  // namespace kata
