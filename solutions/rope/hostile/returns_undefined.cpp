// expect: fail
// Returns a default-constructed (undefined) kt::Tensor: reported as such, never a crash.
#include "rope.hpp"

namespace kata {

kt::Tensor apply_rope(const kt::Tensor&, int64_t, double) { return kt::Tensor(); }

}  // namespace kata
