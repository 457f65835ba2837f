// Recording public op calls for kt::OpTrace (kt/instrument.hpp). Every public op opens an OpScope;
// the outermost one on the thread records the op while an OpTrace is alive on that thread.
//
// Who uses it: the grader's "first diverging step" (grader/lib/journey.hpp); allocation accounting
// (storage.cpp) will serve the flash-attention kata's peak-memory check.
//
// Off unless an OpTrace is alive, and then free: an OpScope reads one process-wide counter
// (live_traces, a relaxed atomic load) and takes a branch that is never taken; ret() and the
// destructor test one byte of the scope. No string, no allocation, no thread-local access. With
// KT_NO_INSTRUMENTATION (the kt_noinstr library for bench/run_overhead_bench.sh only) OpScope is an
// empty struct, which is what the benchmark compares against (docs/performance.md).
#pragma once

#include <atomic>
#include <cstdint>
#include <initializer_list>
#include <utility>
#include <vector>

#include "kt/instrument.hpp"

namespace kt::detail {

/// OpTrace objects alive in the process (any thread). While it is 0, no OpScope does anything.
extern std::atomic<int> live_traces;
/// The events of this thread's innermost live OpTrace, or null.
extern constinit thread_local std::vector<TraceEvent>* trace_sink;
/// Public ops open on this thread, counted only while trace_sink is set (so nested ops are known).
extern constinit thread_local int op_depth;
/// Whether the innermost live OpTrace keeps a copy of each result.
extern constinit thread_local bool trace_keep_values;
/// The recording op's tensor inputs (shared), kept while it is open when the trace keeps values:
/// an op that throws leaves them in its event.
extern thread_local std::vector<Tensor> open_inputs;

TensorMeta meta_of(const Tensor& t);

#ifdef KT_NO_INSTRUMENTATION
class OpScope {
 public:
  OpScope(const char* /*op*/, std::initializer_list<const Tensor*> /*inputs*/,
          std::initializer_list<int64_t> /*args*/ = {}) {}
  OpScope(const char* /*op*/, std::initializer_list<const Tensor*> /*inputs*/,
          const Shape& /*args*/) {}
  template <class T>
  T&& ret(T&& out) {
    return std::forward<T>(out);
  }
};
#else
class OpScope {
 public:
  /// op's name ("view", "softmax"), its tensor inputs and its integer arguments (dims, ...).
  OpScope(const char* op, std::initializer_list<const Tensor*> inputs,
          std::initializer_list<int64_t> args = {}) {
    if (live_traces.load(std::memory_order_relaxed) != 0) [[unlikely]] {
      open(op, inputs, args.begin(), args.size());
    }
  }
  /// The same, with a shape-like argument list (view's shape, permute's dims).
  OpScope(const char* op, std::initializer_list<const Tensor*> inputs, const Shape& args) {
    if (live_traces.load(std::memory_order_relaxed) != 0) [[unlikely]] {
      open(op, inputs, args.data(), args.size());
    }
  }
  ~OpScope() {
    if (mode_ != Mode::Off) [[unlikely]]
      close();
  }
  OpScope(const OpScope&) = delete;
  OpScope& operator=(const OpScope&) = delete;

  /// Records out as the op's result (when this scope records) and hands it back unchanged:
  /// `return scope.ret(std::move(out));` moves a local result, `return scope.ret(*this);` copies.
  template <class T>
  T&& ret(T&& out) {
    if (mode_ == Mode::Recording) [[unlikely]]
      record(out);
    return std::forward<T>(out);
  }

 private:
  enum class Mode : uint8_t {
    Off,        // no OpTrace on this thread
    Nested,     // counted in op_depth, inside another op: not recorded
    Recording,  // the outermost op: its event is the last one in trace_sink
  };
  void open(const char* op, std::initializer_list<const Tensor*> inputs, const int64_t* args,
            size_t nargs);
  void record(const Tensor& out);
  void close() noexcept;

  Mode mode_ = Mode::Off;
  bool recorded_ = false;
};
#endif

}  // namespace kt::detail
