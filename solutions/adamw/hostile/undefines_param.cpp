// expect: fail
// Leaves param undefined (a default-constructed kt::Tensor): reported as such, never a crash.
#include "adamw.hpp"

namespace kata {

void adamw_step(kt::Tensor& param, const kt::Tensor&, AdamWState& state, const AdamWConfig&) {
  state.step += 1;
  param = kt::Tensor();
}

}  // namespace kata
