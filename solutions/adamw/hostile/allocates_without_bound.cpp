// expect: error
// Allocates without bound, as a state that keeps every past gradient would: the memory limit
// stops it; running out of memory is reported as an error on every check (not a wrong answer), in
// normal and sanitizer builds alike.
#include <vector>

#include "adamw.hpp"

namespace kata {

void adamw_step(kt::Tensor&, const kt::Tensor&, AdamWState& state, const AdamWConfig&) {
  std::vector<kt::Tensor> hoard;
  while (true) hoard.push_back(kt::zeros({1 << 20}));
  state.step += 1;
}

}  // namespace kata
