// expect: error
// Allocates without bound: the 2 GiB limit stops it; running out of memory is reported as an
// error on every check (not a wrong answer), in normal and sanitizer builds alike.
#include <vector>

#include "gqa.hpp"

kt::Tensor GroupedQueryAttention::forward(const kt::Tensor& x, bool) const {
  std::vector<kt::Tensor> hoard;
  while (true) hoard.push_back(kt::zeros({1 << 20}));
  return x;
}
kt::Tensor GroupedQueryAttention::forward(const kt::Tensor& x, const kt::Tensor&) const {
  return forward(x, false);
}
