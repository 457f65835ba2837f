#include "grader/learner/serve.hpp"

#include <cstring>
#include <map>
#include <optional>
#include <vector>

namespace grader::serve {

namespace {

std::map<std::string, Handler>& handlers() {
  static std::map<std::string, Handler> h;
  return h;
}

thread_local const kt::OpTrace* g_trace = nullptr;
thread_local size_t g_start = 0;

}  // namespace

Serve::Serve(std::string name, Handler handler) {
  handlers().emplace(std::move(name), std::move(handler));
}

void name_inputs(const std::vector<NamedInput>& inputs) {
  if (g_trace == nullptr) return;
  const bool values = kt::trace_wanted().keep_values;
  std::vector<kt::TraceEvent> named;
  {
    const kt::TracePause pause;  // the copies are not the learner's ops
    for (const NamedInput& in : inputs) {
      if (!in.value.defined()) continue;
      kt::TraceEvent e;
      e.op = "input:" + in.name;
      e.output = kt::trace_meta(in.value);
      if (values) e.value = in.value.clone();
      named.push_back(std::move(e));
    }
  }
  kt::append_trace_events(std::move(named));
}

void learner_code_starts(const std::vector<NamedInput>& inputs) {
  if (g_trace == nullptr) return;
  g_start = g_trace->events().size();
  name_inputs(inputs);
}

std::string answer(const std::string& request) {
  wire::Reader in(request);
  const std::string name = in.text();
  const uint64_t trace = in.u64();  // 0: none, 1: ops, 2: ops and their values
  wire::Writer out;
  const auto it = handlers().find(name);
  if (it == handlers().end()) {
    out.u64(wire::kUnknownCall);
    out.text(name);
    return out.bytes();
  }
  wire::Writer reply;
  std::vector<kt::TraceEvent> events;
  if (trace == 0) {
    it->second(in, reply);
  } else {
    kt::OpTrace ops(trace == 2);
    g_trace = &ops;
    g_start = 0;
    struct Clear {
      ~Clear() { g_trace = nullptr; }
    } clear;
    it->second(in, reply);
    const auto& all = ops.events();
    events.assign(all.begin() + int64_t(std::min(g_start, all.size())), all.end());
  }
  out.u64(wire::kReplied);
  if (trace != 0) out.events(events);
  out.append(reply);
  return out.bytes();
}

bool holds_copy(const kt::Tensor& t, const kt::Tensor& copy) {
  if (t.dtype() != copy.dtype() || t.sizes() != copy.sizes()) return false;
  const auto bytes = static_cast<size_t>(t.numel() * kt::element_size(t.dtype()));
  const auto address = [](const kt::Tensor& x) -> const void* {
    switch (x.dtype()) {
      case kt::Dtype::Float32:
        return x.data<float>();
      case kt::Dtype::Float64:
        return x.data<double>();
      case kt::Dtype::Int64:
        return x.data<int64_t>();
      case kt::Dtype::Bool:
        break;
    }
    return x.data<bool>();
  };
  if (bytes == 0) return true;
  if (t.is_contiguous()) return std::memcmp(address(t), address(copy), bytes) == 0;
  // A view (an input laid out as a transposed copy or a slice, laid_out below): element by
  // element, through its strides, against the contiguous copy.
  const auto size = static_cast<size_t>(kt::element_size(t.dtype()));
  const auto* base = static_cast<const unsigned char*>(address(t));
  const auto* want = static_cast<const unsigned char*>(address(copy));
  const kt::Shape& sizes = t.sizes();
  const kt::Shape& strides = t.strides();
  kt::Shape index(sizes.size(), 0);
  for (int64_t n = 0; n < t.numel(); ++n) {
    int64_t at = 0;
    for (size_t a = 0; a < sizes.size(); ++a) at += index[a] * strides[a];
    if (std::memcmp(base + at * int64_t(size), want + n * int64_t(size), size) != 0) return false;
    for (size_t a = sizes.size(); a-- > 0;) {
      if (++index[a] < sizes[a]) break;
      index[a] = 0;
    }
  }
  return true;
}

kt::Tensor laid_out(const kt::Tensor& x, uint64_t layout) {
  if (layout == 1 && x.dim() >= 2) return x.transpose(0, 1).clone().transpose(0, 1);
  if (layout == 2 && x.dim() >= 1) {
    const int64_t d = x.size(-1);
    kt::Shape wide = x.sizes();
    wide.back() = 2 * d;
    kt::Tensor storage = kt::zeros(wide, x.dtype());
    storage.narrow(-1, 0, d).copy_(x);
    return storage.narrow(-1, 0, d);
  }
  if (layout > 2) throw wire::Malformed("layout " + std::to_string(layout) + " is none of 0, 1, 2");
  return x;
}

}  // namespace grader::serve
