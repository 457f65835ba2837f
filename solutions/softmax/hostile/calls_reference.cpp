// expect: error
// Cheats: calls the grader's reference implementation. The build must refuse it by name.
#include "../../../reference/softmax/softmax.hpp"  // found by a relative path, as a cheater would
#include "softmax.hpp"

namespace kata {

kt::Tensor softmax(const kt::Tensor& x, int64_t dim) { return ref::softmax(x, dim).to(x.dtype()); }

}  // namespace kata
