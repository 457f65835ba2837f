// expect: error
// Allocates without bound: the memory limit stops it; running out of memory is reported as an
// error on every check (not a wrong answer), in normal and sanitizer builds alike.
#include <vector>

#include "attention_backward.hpp"

namespace kata {

AttentionGrads attention_backward(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                                  const kt::Tensor& dout, bool is_causal) {
  (void)k, (void)v, (void)dout, (void)is_causal;
  std::vector<kt::Tensor> hoard;
  for (;;) hoard.push_back(kt::ones({1 << 24}));  // 128 MiB each, kept
  return {q, q, q};
}

}  // namespace kata
