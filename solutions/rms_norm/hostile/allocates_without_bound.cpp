// expect: error
// Allocates without bound: the memory limit stops it; running out of memory is reported as an
// error on every check (not a wrong answer, the argument checks' included), in normal and
// sanitizer builds alike.
#include <vector>

#include "rms_norm.hpp"

namespace kata {

kt::Tensor rms_norm(const kt::Tensor& x, const kt::Tensor&, double) {
  std::vector<kt::Tensor> hoard;
  while (true) hoard.push_back(kt::zeros({1 << 20}));
  return x;
}

}  // namespace kata
