// expect: error
// Defines sample_token without the generator and outside namespace kata: it compiles, but the
// grader's call finds no definition, so linking fails and says so.
#include "sampling.hpp"

int64_t sample_token(const kt::Tensor& logits, double temperature) {
  return temperature == 0 ? int64_t(kt::argmax(logits, 0).item()) : 0;
}
