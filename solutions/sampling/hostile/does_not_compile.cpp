// expect: error
// Does not compile: a missing semicolon. The report must show the compiler's first error,
// file:line first.
#include "sampling.hpp"

namespace kata {

int64_t sample_token(const kt::Tensor& logits, double temperature, int64_t top_k, double top_p,
                     kt::Generator& gen) {
  const double u = gen.uniform() return int64_t(u * double(logits.numel()) + temperature +
                                                double(top_k) + top_p);
}

}  // namespace kata
