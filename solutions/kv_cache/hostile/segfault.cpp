// expect: error
// Crashes: writes through a null pointer. Every check must report the crash.
#include "kv_cache.hpp"

kt::Tensor CachedAttention::forward(const kt::Tensor& x, KVCache& cache) const {
  (void)cache;
  volatile double* p = nullptr;
  *p = 1.0;
  return x;
}
