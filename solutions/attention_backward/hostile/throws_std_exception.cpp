// expect: fail
// Throws a plain std::runtime_error: reported with its message on every check.
#include <stdexcept>

#include "attention_backward.hpp"

namespace kata {

AttentionGrads attention_backward(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                                  const kt::Tensor& dout, bool is_causal) {
  (void)q, (void)k, (void)v, (void)dout, (void)is_causal;
  throw std::runtime_error("autograd is not available in kt");
}

}  // namespace kata
