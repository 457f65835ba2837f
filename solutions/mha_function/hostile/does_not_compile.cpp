// expect: error
// Does not compile: a typo. The report must show the compiler's first error, file:line first.
#include "mha_function.hpp"

namespace kata {

kt::Tensor mha(const kt::Tensor& x, const kt::Tensor& Wq, const kt::Tensor& Wk,
               const kt::Tensor& Wv, const kt::Tensor& Wo, int64_t h,
               const std::optional<kt::Tensor>& mask) {
  (void)mask;
  (void)h;
  return kt::matmul(kt::matmul(x, Wq) + kt::matmul(x, Wk) + kt::matmul(x, Wv), Wo).transpse(0, 1);
}

}  // namespace kata
