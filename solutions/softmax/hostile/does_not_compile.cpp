// expect: error
// Does not compile: a typo. The report must show the compiler's first error, file:line first.
#include "softmax.hpp"

namespace kata {

kt::Tensor softmax(const kt::Tensor& x, int64_t dim) { return kt::exp(x) / kt::summ(x, dim, true); }

}  // namespace kata
