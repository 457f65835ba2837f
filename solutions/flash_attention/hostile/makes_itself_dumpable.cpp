// expect: error
// expect-message: make its process dumpable again (prctl PR_SET_DUMPABLE)
// Cheats on the kernel's count of its memory: the learner's process is not dumpable, so its /proc
// files are closed to it; it tries to make itself dumpable again (to reset its peak memory through
// /proc/self/clear_refs). The filter refuses the call, and the report says so.
#include <sys/prctl.h>

#include "flash_attention.hpp"

namespace kata {

kt::Tensor flash_attention(const kt::Tensor& q, const kt::Tensor&, const kt::Tensor&, bool,
                           int64_t) {
  prctl(PR_SET_DUMPABLE, 1);
  return q;
}

}  // namespace kata
