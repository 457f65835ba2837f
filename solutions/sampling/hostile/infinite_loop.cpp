// expect: error
// Hangs: waits for a u it will never draw. Each check must time out and say so.
#include "sampling.hpp"

namespace kata {

int64_t sample_token(const kt::Tensor&, double, int64_t, double, kt::Generator&) {
  volatile bool forever = true;
  while (forever) {
  }
  return 0;
}

}  // namespace kata
