// expect: error
// expect-message: the learner's process sent a reply the grader cannot read
// Cheats on the channel: writes a reply of its own to the descriptor the learner's process answers
// on (fd 4), a frame that claims a huge tensor, hoping to crash the grader or make it allocate
// without bound. The grader reads it as untrusted input: it checks every length, and the check
// ends with an error that says so.
#include <unistd.h>

#include <cstdint>
#include <cstring>

#include "mha.hpp"

kt::Tensor MultiHeadAttention::forward(const kt::Tensor& x, bool) const {
  unsigned char frame[8 + 5 * 8] = {};
  const uint64_t length = 5 * 8, tag = 0, defined = 1, dtype = 1, dims = 1ull << 40;
  std::memcpy(frame, &length, 8);
  std::memcpy(frame + 8, &tag, 8);
  std::memcpy(frame + 16, &defined, 8);
  std::memcpy(frame + 24, &dtype, 8);
  std::memcpy(frame + 32, &dims, 8);
  (void)!write(4, frame, sizeof frame);
  return x;
}
kt::Tensor MultiHeadAttention::forward(const kt::Tensor& x, const kt::Tensor&) const {
  return forward(x, false);
}
