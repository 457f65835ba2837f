// expect: error
// Allocates without bound: the memory limit stops it; reported as an error on every check.
#include <vector>

#include "kv_cache.hpp"

kt::Tensor CachedAttention::forward(const kt::Tensor& x, KVCache& cache) const {
  (void)cache;
  std::vector<kt::Tensor> hoard;
  while (true) hoard.push_back(kt::zeros({1 << 20}));
  return x;
}
