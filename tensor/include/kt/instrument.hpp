// Instrumentation for the grader: an op trace and allocation accounting.
//
// Who uses them: the op trace feeds the grader's "first diverging step" (grader/lib/journey.hpp:
// the ops a learner's code ran, with their shapes and values); allocation accounting will feed the
// peak-memory check of the flash-attention kata.
//
// Both are off by default. The op trace records only while an OpTrace is alive on the thread; with
// none alive in the process an op pays one relaxed load and a branch that is not taken (no string
// building, no allocation). Accounting counts only between set_alloc_tracking(true) and (false);
// off, an allocation pays one relaxed load and a branch. Measured cost while off: within the noise,
// a few percent at most, of ops on 2x3 tensors (docs/performance.md, bench/run_overhead_bench.sh).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "kt/tensor_class.hpp"

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
  /// Where its element 0 lies in memory: with the rest, which tensor it is (one op's result is
  /// another's input when all four are equal; the latest op that made it, as memory is reused).
  uint64_t address = 0;
};
/// What the op trace records of a tensor (its layout and where it lies).
[[nodiscard]] TensorMeta trace_meta(const Tensor& t);

/// One public op call: its name ("view", "matmul", "softmax", ...), its tensor inputs and output.
/// Ops called inside another op (reshape calling view, Linear calling matmul) are not recorded.
/// An op that threw is recorded too, marked `threw`, with no output (what the grader names when a
/// learner's code throws: the op, and where its inputs came from).
struct TraceEvent {
  std::string op;
  std::vector<TensorMeta> inputs;
  TensorMeta output;
  std::vector<int64_t> args;  // integer arguments where they matter (dims, shapes, ...)
  Tensor value;  // a copy of the result when the trace keeps values (later in-place ops leave it)
  bool threw = false;  // the op threw: no output, no value
  /// When it threw and the trace keeps values: its tensor inputs as they were (shared, not copied).
  std::vector<Tensor> input_values;
};

/// Records every op called on this thread while it is alive. Scopes nest: the inner one records.
/// An op that throws leaves its event, marked `threw` (code that catches kt's errors and goes on
/// has it among its events).
/// With keep_values, each event also holds a copy of its result (for the small cases the grader
/// traces to find the first step that diverges; a copy per op costs memory and time).
class OpTrace {
 public:
  explicit OpTrace(bool keep_values = false);
  ~OpTrace();
  OpTrace(const OpTrace&) = delete;
  OpTrace& operator=(const OpTrace&) = delete;
  [[nodiscard]] const std::vector<TraceEvent>& events() const noexcept { return events_; }

 private:
  std::vector<TraceEvent> events_;
  std::vector<TraceEvent>* previous_;
  bool previous_keep_values_;
};

// ---- a trace carried across processes
// The grader runs a learner's code in a process of its own (Note [the learner's process] in
// grader/lib/remote.hpp): a call made there is traced there, and its events join the trace that
// the grader's thread has open, as if its ops had run here.
struct TraceWanted {
  bool on = false;           // an OpTrace is alive on this thread
  bool keep_values = false;  // and it keeps a copy of each result
};
[[nodiscard]] TraceWanted trace_wanted() noexcept;
/// Appends events to this thread's innermost live OpTrace (nothing when none is alive).
void append_trace_events(std::vector<TraceEvent> events);
/// While alive, this thread records no ops (the grader's own work around a call made elsewhere).
class TracePause {
 public:
  TracePause();
  ~TracePause();
  TracePause(const TracePause&) = delete;
  TracePause& operator=(const TracePause&) = delete;

 private:
  std::vector<TraceEvent>* paused_;
};

}  // namespace kt
