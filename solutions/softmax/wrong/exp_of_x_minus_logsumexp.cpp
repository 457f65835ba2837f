// expect: fail
// Wrong, no named pitfall (written as an unseen suite would, round 50): computes softmax as exp(x −
// logsumexp(x)), and at magnitudes like 1e30 or finfo.min the log(n) is rounded away, so slices sum
// to n
// The numerically safe softmax.
#include "softmax.hpp"

namespace kata {

kt::Tensor softmax(const kt::Tensor& x, int64_t dim) {
  // softmax = exp(log_softmax), and log_softmax = x - logsumexp(x), which kt computes stably.
  const kt::Tensor lse = kt::logsumexp(x, dim, /*keepdim=*/true);
  return kt::exp(x - lse);
}

}  // namespace kata
