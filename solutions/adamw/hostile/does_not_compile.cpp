// expect: error
// Does not compile: a typo. The report must show the compiler's first error, file:line first.
#include "adamw.hpp"

namespace kata {

void adamw_step(kt::Tensor& param, const kt::Tensor& grad, AdamWState& state,
                const AdamWConfig& cfg) {
  state.step += 1 param.copy_(param - grad * cfg.lr);
}

}  // namespace kata
