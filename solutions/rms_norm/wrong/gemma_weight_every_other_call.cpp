// expect: fail
// Wrong: keeps a call counter of its own and reads weight as Gemma's offset (1 + weight) on every
// other call. Its result depends on more than its arguments, so no pitfall is named for it: a
// detector asks again on the same case and gets another answer.
#include "rms_norm.hpp"

namespace kata {

kt::Tensor rms_norm(const kt::Tensor& x, const kt::Tensor& weight, double eps) {
  static int calls = 0;
  const kt::Tensor ms = kt::mean(x * x, -1, /*keepdim=*/true);
  const kt::Tensor w = ++calls % 2 == 1 ? weight + 1.0 : weight;
  return x * kt::rsqrt(ms + eps) * w;
}

}  // namespace kata
