// The op trace of kt/instrument.hpp (see trace.hpp).
#include "trace.hpp"

#include "internal.hpp"

namespace kt {
namespace detail {

std::atomic<int> live_traces{0};
constinit thread_local std::vector<TraceEvent>* trace_sink = nullptr;
constinit thread_local int op_depth = 0;
constinit thread_local bool trace_keep_values = false;
thread_local std::vector<Tensor> open_inputs;

TensorMeta meta_of(const Tensor& t) {
  if (!t.defined()) return {};
  return {t.sizes(), t.strides(), t.dtype(), reinterpret_cast<uintptr_t>(bytes(t))};
}

#ifndef KT_NO_INSTRUMENTATION
void OpScope::open(const char* op, std::initializer_list<const Tensor*> inputs, const int64_t* args,
                   size_t nargs) {
  std::vector<TraceEvent>* sink = trace_sink;
  if (sink == nullptr) return;  // the live OpTrace belongs to another thread
  if (op_depth > 0) {
    ++op_depth;
    mode_ = Mode::Nested;
    return;
  }
  // Everything that can throw comes before the scope counts itself: if the constructor throws, no
  // destructor runs.
  TraceEvent event;
  event.op = op;
  for (const Tensor* t : inputs) event.inputs.push_back(meta_of(*t));
  event.args.assign(args, args + nargs);
  open_inputs.clear();
  if (trace_keep_values)
    for (const Tensor* t : inputs) open_inputs.push_back(*t);
  sink->push_back(std::move(event));
  ++op_depth;
  mode_ = Mode::Recording;
}

void OpScope::record(const Tensor& out) {
  open_inputs.clear();
  trace_sink->back().output = meta_of(out);
  // (clone() runs nested in this op's scope: it records nothing of its own.)
  if (trace_keep_values && out.defined()) trace_sink->back().value = out.clone();
  recorded_ = true;
}

void OpScope::close() noexcept {
  --op_depth;
  // An op that threw never reached ret(): its event stays, marked, with its inputs when the trace
  // keeps values (moved, not copied: nothing here can throw).
  if (mode_ == Mode::Recording && !recorded_) {
    TraceEvent& event = trace_sink->back();
    event.threw = true;
    event.input_values.swap(open_inputs);
    open_inputs.clear();
  }
}
#endif

}  // namespace detail

TensorMeta trace_meta(const Tensor& t) { return detail::meta_of(t); }

OpTrace::OpTrace(bool keep_values)
    : previous_(detail::trace_sink), previous_keep_values_(detail::trace_keep_values) {
  detail::trace_sink = &events_;
  detail::trace_keep_values = keep_values;
  detail::live_traces.fetch_add(1, std::memory_order_relaxed);
}

OpTrace::~OpTrace() {
  detail::trace_sink = previous_;
  detail::trace_keep_values = previous_keep_values_;
  detail::live_traces.fetch_sub(1, std::memory_order_relaxed);
}

TraceWanted trace_wanted() noexcept {
  return {detail::trace_sink != nullptr,
          detail::trace_sink != nullptr && detail::trace_keep_values};
}

void append_trace_events(std::vector<TraceEvent> events) {
  if (detail::trace_sink == nullptr) return;
  for (TraceEvent& e : events) detail::trace_sink->push_back(std::move(e));
}

// INVARIANT: a pause starts and ends between ops (no OpScope open on the thread), as the grader
// uses it: an open op would record into, and pop from, the sink it found.
TracePause::TracePause() : paused_(detail::trace_sink) { detail::trace_sink = nullptr; }
TracePause::~TracePause() { detail::trace_sink = paused_; }

}  // namespace kt
