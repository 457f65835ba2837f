// The op trace of kt/instrument.hpp.
#include "trace.hpp"

namespace kt {
namespace detail {

thread_local int op_depth = 0;
thread_local std::vector<TraceEvent>* trace_sink = nullptr;

TensorMeta meta_of(const Tensor& t) {
  if (!t.defined()) return {};
  return {t.sizes(), t.strides(), t.dtype()};
}

void OpScope::start(const char* op, std::initializer_list<const Tensor*> inputs,
                    std::initializer_list<int64_t> args) {
  event_.op = op;
  for (const Tensor* t : inputs) event_.inputs.push_back(meta_of(*t));
  event_.args.assign(args.begin(), args.end());
}

void OpScope::finish(const Tensor& out) {
  event_.output = meta_of(out);
  trace_sink->push_back(std::move(event_));
}

}  // namespace detail

OpTrace::OpTrace() : previous_(detail::trace_sink) { detail::trace_sink = &events_; }
OpTrace::~OpTrace() { detail::trace_sink = previous_; }

}  // namespace kt
