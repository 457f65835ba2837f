// expect: fail
// Cheats by patching the grader in memory: makes the page that holds kt::allclose writable and
// executable (mprotect, which the sandbox allows) and overwrites the function with "return true",
// then returns zeros. Beside the comparison, in the check runner, this would turn every value check
// into a pass. Now the comparison runs in the grader's process: the patched allclose is the
// learner's process's own copy, which nothing consults, and the value checks fail.
#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <cstring>

#include "mha.hpp"

namespace {

void patch_allclose() {
#if defined(__x86_64__)
  static bool done = false;
  if (done) return;
  done = true;
  bool (*target)(const kt::Tensor&, const kt::Tensor&, double, double, bool) = &kt::allclose;
  const auto address = reinterpret_cast<uintptr_t>(target);
  const long page = sysconf(_SC_PAGESIZE);
  void* start = reinterpret_cast<void*>(address & ~uintptr_t(page - 1));
  if (mprotect(start, size_t(2 * page), PROT_READ | PROT_WRITE | PROT_EXEC) != 0) return;
  const unsigned char return_true[] = {0xB8, 0x01, 0x00, 0x00, 0x00, 0xC3};  // mov eax, 1; ret
  std::memcpy(reinterpret_cast<void*>(address), return_true, sizeof return_true);
#endif
}

}  // namespace

kt::Tensor MultiHeadAttention::forward(const kt::Tensor& x, bool) const {
  patch_allclose();
  return kt::zeros(x.sizes(), x.dtype());
}
kt::Tensor MultiHeadAttention::forward(const kt::Tensor& x, const kt::Tensor&) const {
  return forward(x, false);
}
