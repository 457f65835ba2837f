// expect: error
// Cheats: calls the grader's reference implementation. The build must refuse it by name.
#include "../../../reference/kv_cache/kv_cache.hpp"  // found by a relative path, as a cheater would
#include "kv_cache.hpp"

kt::Tensor CachedAttention::forward(const kt::Tensor& x, KVCache& cache) const {
  (void)cache;
  return ref::cached_attention(x, {}, num_heads).out;
}
