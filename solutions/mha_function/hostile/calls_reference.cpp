// expect: error
// Cheats: calls the grader's reference implementation. The build must refuse it by name.
#include "../../../reference/mha_function/mha_function.hpp"  // found by a relative path, as a cheater would
#include "mha_function.hpp"

namespace kata {

kt::Tensor mha(const kt::Tensor& x, const kt::Tensor& Wq, const kt::Tensor& Wk,
               const kt::Tensor& Wv, const kt::Tensor& Wo, int64_t h,
               const std::optional<kt::Tensor>& mask) {
  return ref::mha_function(x, Wq, Wk, Wv, Wo, h, mask ? *mask : kt::Tensor());
}

}  // namespace kata
