// Instrumentation for the grader: allocation accounting and an op trace. Both are off by default
// and cost one branch per allocation / op when off.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "kt/tensor_body.hpp"

namespace kt {

// ---- allocation accounting
// -----------------------------------------------------------------------
struct AllocStats {
  int64_t live_bytes = 0;   // bytes of tracked storage alive now
  int64_t peak_bytes = 0;   // highest live_bytes since the last reset
  int64_t total_bytes = 0;  // bytes allocated since the last reset
  int64_t allocations = 0;  // storages allocated since the last reset
};

/// Switches accounting on or off (process-wide). Storage allocated while it is off is never
/// counted.
void set_alloc_tracking(bool on);
[[nodiscard]] bool alloc_tracking();
[[nodiscard]] AllocStats alloc_stats();
/// Sets peak to the current live bytes and the totals to zero.
void reset_alloc_stats();

// ---- op trace
// ------------------------------------------------------------------------------------
struct TensorMeta {
  Shape sizes;
  Shape strides;
  Dtype dtype = Dtype::Float64;
};

/// One public op call: its name ("view", "matmul", "softmax", ...), its tensor inputs and output.
/// Ops called inside another op (reshape calling view, Linear calling matmul) are not recorded.
struct TraceEvent {
  std::string op;
  std::vector<TensorMeta> inputs;
  TensorMeta output;
  std::vector<int64_t> args;  // integer arguments where they matter (dims, shapes, ...)
};

/// Records every op called on this thread while it is alive. Scopes nest: the inner one records.
class OpTrace {
 public:
  OpTrace();
  ~OpTrace();
  OpTrace(const OpTrace&) = delete;
  OpTrace& operator=(const OpTrace&) = delete;
  [[nodiscard]] const std::vector<TraceEvent>& events() const noexcept { return events_; }

 private:
  std::vector<TraceEvent> events_;
  std::vector<TraceEvent>* previous_;
};

}  // namespace kt
