// How the cross_entropy kata's learner's process calls the learner's code (Note [the learner's
// process] in grader/lib/remote.hpp): kata::cross_entropy on the logits, target, ignore_index and
// label_smoothing it was sent, then whether each input still holds what it was sent (the
// inputs_unchanged check). The runner's side is call_learner_on in cases.cpp.
#include <cstring>

#include "cross_entropy.hpp"
#include "grader/learner/serve.hpp"

namespace grader::kata_cross_entropy {
namespace {

/// Whether a tensor the wire made (contiguous) still holds its copy's bytes; read directly, so
/// that no op of this check joins the learner's traced ops.
bool unchanged(const kt::Tensor& t, const kt::Tensor& copy) {
  const auto bytes = static_cast<size_t>(t.numel() * kt::element_size(t.dtype()));
  const void* a = nullptr;
  const void* b = nullptr;
  if (t.dtype() == kt::Float32) {
    a = t.data<float>();
    b = copy.data<float>();
  } else if (t.dtype() == kt::Float64) {
    a = t.data<double>();
    b = copy.data<double>();
  } else {
    a = t.data<int64_t>();
    b = copy.data<int64_t>();
  }
  return std::memcmp(a, b, bytes) == 0;
}

const serve::Serve call("cross_entropy", [](wire::Reader& in, wire::Writer& out) {
  const kt::Tensor logits = in.tensor();
  const kt::Tensor target = in.tensor();
  const int64_t ignore_index = in.i64();
  const double label_smoothing = in.f64();
  const kt::Tensor logits0 = logits.clone(), target0 = target.clone();
  out.run(call_learner([&] {
    serve::learner_code_starts({{"logits", logits}, {"target", target}});
    return ::kata::cross_entropy(logits, target, ignore_index, label_smoothing);
  }));
  out.boolean(!unchanged(logits, logits0));
  out.boolean(!unchanged(target, target0));
});

}  // namespace
}  // namespace grader::kata_cross_entropy
