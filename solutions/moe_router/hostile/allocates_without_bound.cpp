// expect: error
// Allocates without bound: the memory limit stops it; running out of memory is reported as an
// error on every check (not a wrong answer, the argument checks' included), in normal and
// sanitizer builds alike.
#include <vector>

#include "moe_router.hpp"

namespace kata {

Routing route_top_k(const kt::Tensor&, int64_t) {
  std::vector<kt::Tensor> hoard;
  while (true) hoard.push_back(kt::zeros({1 << 20}));
  return {};
}

}  // namespace kata
