// expect: fail
// Returns a default-constructed (undefined) kt::Tensor: reported as such, never a crash.
#include "kv_cache.hpp"

kt::Tensor CachedAttention::forward(const kt::Tensor&, KVCache&) const { return kt::Tensor(); }
