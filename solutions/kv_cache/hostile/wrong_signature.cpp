// expect: error
// Defines forward with another signature (the cache by value): it compiles as a free function,
// but the grader's call finds no CachedAttention::forward, so linking fails and says so.
#include "kv_cache.hpp"

kt::Tensor forward(const CachedAttention& m, const kt::Tensor& x, KVCache cache) {
  (void)cache;
  return m.out_proj(x);
}
