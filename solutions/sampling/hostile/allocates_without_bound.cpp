// expect: error
// Allocates without bound: the memory limit stops it; running out of memory is reported as an
// error on every check (not a wrong answer, the argument checks' included), in normal and
// sanitizer builds alike.
#include <vector>

#include "sampling.hpp"

namespace kata {

int64_t sample_token(const kt::Tensor&, double, int64_t, double, kt::Generator&) {
  std::vector<kt::Tensor> hoard;
  while (true) hoard.push_back(kt::zeros({1 << 20}));
  return 0;
}

}  // namespace kata
