// Your kata: AdamW. Read README.md, then replace the TODO.
// Grade with:  ./grade adamw        Stuck?  ./grade hint adamw
#include "adamw.hpp"

namespace kata {

void adamw_step(kt::Tensor& param, const kt::Tensor& grad, AdamWState& state,
                const AdamWConfig& cfg) {
  // TODO: one step of torch.optim.AdamW: update state, then param in place.
  (void)param;
  (void)grad;
  (void)state;
  (void)cfg;
  throw kt::NotImplemented(
      "kata::adamw_step(param, grad, state, cfg) is not implemented yet: write it in "
      "katas/adamw/adamw.cpp");
}

}  // namespace kata
