// Recording public op calls for kt::OpTrace. Every public op opens an OpScope; only the outermost
// one on the thread records, and only while an OpTrace is alive (one branch otherwise).
#pragma once

#include <initializer_list>
#include <vector>

#include "kt/instrument.hpp"

namespace kt::detail {

extern thread_local int op_depth;
extern thread_local std::vector<TraceEvent>* trace_sink;

TensorMeta meta_of(const Tensor& t);

class OpScope {
 public:
  OpScope(const char* op, std::initializer_list<const Tensor*> inputs,
          std::initializer_list<int64_t> args = {})
      : recording_(trace_sink != nullptr && op_depth == 0) {
    ++op_depth;
    if (recording_) start(op, inputs, args);
  }
  /// The same, with a shape-like argument list (view's shape, permute's dims).
  OpScope(const char* op, std::initializer_list<const Tensor*> inputs, const Shape& args)
      : recording_(trace_sink != nullptr && op_depth == 0) {
    ++op_depth;
    if (recording_) {
      start(op, inputs, {});
      event_.args = args;
    }
  }
  ~OpScope() { --op_depth; }
  OpScope(const OpScope&) = delete;
  OpScope& operator=(const OpScope&) = delete;

  /// Records out as the op's result (when recording) and returns it.
  Tensor ret(Tensor out) {
    if (recording_) finish(out);
    return out;
  }

 private:
  void start(const char* op, std::initializer_list<const Tensor*> inputs,
             std::initializer_list<int64_t> args);
  void finish(const Tensor& out);
  bool recording_;
  TraceEvent event_;
};

}  // namespace kt::detail
