// expect: error
// Does not compile: a typo. The report must show the compiler's first error, file:line first.
#include "kv_cache.hpp"

kt::Tensor CachedAttention::forward(const kt::Tensor& x, KVCache& cache) const {
  cache.k = k_proj(x);
  return out_proj(v_proj(x)) + kt::zeross_like(x);
}
