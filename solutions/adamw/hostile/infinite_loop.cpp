// expect: error
// Hangs: never returns. Each check must time out and say so.
#include "adamw.hpp"

namespace kata {

void adamw_step(kt::Tensor&, const kt::Tensor&, AdamWState&, const AdamWConfig&) {
  volatile bool forever = true;
  while (forever) {
  }
}

}  // namespace kata
