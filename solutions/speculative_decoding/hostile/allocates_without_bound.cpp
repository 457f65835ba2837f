// expect: error
// Allocates without bound: the memory limit stops it; running out of memory is reported as an
// error on every check (not a wrong answer, the argument checks' included), in normal and
// sanitizer builds alike.
#include <vector>

#include "speculative_decoding.hpp"

namespace kata {

std::vector<int64_t> speculative_step(const kt::Tensor&, const std::vector<int64_t>&,
                                      const kt::Tensor&, kt::Generator&) {
  std::vector<kt::Tensor> hoard;
  while (true) hoard.push_back(kt::zeros({1 << 20}));
  return {};
}

}  // namespace kata
