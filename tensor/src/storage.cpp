// Storage allocation and the allocation accounting of kt/instrument.hpp.
//
// Note [large buffer cache]
// Attention makes and drops buffers of the same few large sizes over and over (B*H*T*T scores).
// Fresh large allocations come from mmap, and every first touch of a page then costs a page fault:
// on this project's VMs that was over half of an attention forward's time. So buffers of 1 MiB and
// more are rounded up to 2 MiB, asked for as transparent huge pages, and kept on free for reuse (up
// to 512 MiB cached; the oldest are released past that, so a workload's current sizes stay). Under
// AddressSanitizer nothing is cached, so a use after free is still caught.
#include <sys/mman.h>

#include <atomic>
#include <cstdlib>
#include <mutex>
#include <new>
#include <vector>

#include "internal.hpp"
#include "kt/instrument.hpp"

namespace kt {
namespace {

constexpr std::align_val_t kAlignment{64};

std::atomic<bool> g_tracking{false};
std::atomic<int64_t> g_live{0};
std::atomic<int64_t> g_peak{0};
std::atomic<int64_t> g_total{0};
std::atomic<int64_t> g_count{0};

void count_allocation(int64_t nbytes) {
  const int64_t live = g_live.fetch_add(nbytes, std::memory_order_relaxed) + nbytes;
  g_total.fetch_add(nbytes, std::memory_order_relaxed);
  g_count.fetch_add(1, std::memory_order_relaxed);
  int64_t peak = g_peak.load(std::memory_order_relaxed);
  while (live > peak && !g_peak.compare_exchange_weak(peak, live, std::memory_order_relaxed)) {
  }
}

/// One relaxed load and a branch per allocation; nothing with KT_NO_INSTRUMENTATION (a build for
/// bench/run_overhead_bench.sh only).
bool counting_allocations() {
#ifdef KT_NO_INSTRUMENTATION
  return false;
#else
  return g_tracking.load(std::memory_order_relaxed);
#endif
}

#if defined(KT_SANITIZED)
constexpr bool kCacheLarge = false;
#else
constexpr bool kCacheLarge = true;
#endif
constexpr std::size_t kLarge = std::size_t{1} << 20;
constexpr std::size_t kHugePage = std::size_t{2} << 20;
constexpr std::size_t kCacheCap = std::size_t{512} << 20;

struct Block {
  std::size_t capacity;
  void* data;
};

struct BlockCache {
  std::mutex mutex;
  std::vector<Block> free;  // oldest first; a few dozen at most, so a linear scan is cheap
  std::size_t cached = 0;
};

BlockCache& block_cache() {
  static auto* cache = new BlockCache;  // never destroyed: storages may die after static teardown
  return *cache;
}

/// Allocates at least request bytes; sets capacity to what was really reserved.
void* allocate_bytes(std::size_t request, std::size_t& capacity) {
  if (request < kLarge) {
    capacity = request;
    return ::operator new(request, kAlignment, std::nothrow);
  }
  capacity = (request + kHugePage - 1) / kHugePage * kHugePage;
  if (kCacheLarge) {
    BlockCache& cache = block_cache();
    const std::lock_guard<std::mutex> lock(cache.mutex);
    auto best = cache.free.end();
    for (auto it = cache.free.begin(); it != cache.free.end(); ++it) {
      const bool fits = it->capacity >= capacity && it->capacity <= capacity + capacity / 4;
      if (fits && (best == cache.free.end() || it->capacity < best->capacity)) best = it;
    }
    if (best != cache.free.end()) {
      capacity = best->capacity;
      void* p = best->data;
      cache.cached -= best->capacity;
      cache.free.erase(best);
      return p;
    }
  }
  void* p = std::aligned_alloc(kHugePage, capacity);
  if (p != nullptr) madvise(p, capacity, MADV_HUGEPAGE);
  return p;
}

void release_bytes(void* p, std::size_t capacity) {
  if (capacity < kLarge) {
    ::operator delete(p, kAlignment);
    return;
  }
  if (kCacheLarge) {
    BlockCache& cache = block_cache();
    const std::lock_guard<std::mutex> lock(cache.mutex);
    while (cache.cached + capacity > kCacheCap && !cache.free.empty()) {
      cache.cached -= cache.free.front().capacity;
      std::free(cache.free.front().data);
      cache.free.erase(cache.free.begin());
    }
    if (capacity <= kCacheCap) {
      cache.free.push_back({capacity, p});
      cache.cached += capacity;
      return;
    }
  }
  std::free(p);
}

}  // namespace

Storage::~Storage() {
  if (counted) g_live.fetch_sub(nbytes, std::memory_order_relaxed);
  release_bytes(data, capacity);
}

std::shared_ptr<Storage> Storage::allocate(int64_t nbytes, const std::string& what) {
  auto storage = std::make_shared<Storage>();
  // Allocate at least one byte so every defined tensor has a non-null data pointer.
  const auto request = static_cast<std::size_t>(nbytes > 0 ? nbytes : 1);
  storage->data = allocate_bytes(request, storage->capacity);
  if (storage->data == nullptr) {
    throw OutOfMemory("out of memory: cannot allocate " + std::to_string(nbytes) + " bytes for " +
                      what);
  }
  storage->nbytes = nbytes;
  if (counting_allocations()) {
    storage->counted = true;
    count_allocation(nbytes);
  }
  return storage;
}

void set_alloc_tracking(bool on) { g_tracking.store(on, std::memory_order_relaxed); }
bool alloc_tracking() { return g_tracking.load(std::memory_order_relaxed); }

AllocStats alloc_stats() {
  return {g_live.load(std::memory_order_relaxed), g_peak.load(std::memory_order_relaxed),
          g_total.load(std::memory_order_relaxed), g_count.load(std::memory_order_relaxed)};
}

void reset_alloc_stats() {
  g_peak.store(g_live.load(std::memory_order_relaxed), std::memory_order_relaxed);
  g_total.store(0, std::memory_order_relaxed);
  g_count.store(0, std::memory_order_relaxed);
}

}  // namespace kt
