// How the cross_entropy kata's learner's process calls the learner's code (Note [the learner's
// process] in grader/lib/remote.hpp): kata::cross_entropy on the logits, target, ignore_index and
// label_smoothing it was sent, then whether each input still holds what it was sent (the
// inputs_unchanged check). The runner's side is call_learner_on in cases.cpp.
#include "cross_entropy.hpp"
#include "grader/learner/serve.hpp"

namespace grader::kata_cross_entropy {
namespace {

const serve::Serve call("cross_entropy", [](wire::Reader& in, wire::Writer& out) {
  const kt::Tensor logits = in.tensor();
  const kt::Tensor target = in.tensor();
  const int64_t ignore_index = in.i64();
  const double label_smoothing = in.f64();
  const kt::Tensor logits0 = logits.clone(), target0 = target.clone();
  out.run(call_learner([&] {
    serve::learner_code_starts({{"logits", logits},
                                {"target", target},
                                {"label_smoothing", kt::scalar_tensor(label_smoothing)}});
    return ::kata::cross_entropy(logits, target, ignore_index, label_smoothing);
  }));
  out.boolean(!serve::holds_copy(logits, logits0));
  out.boolean(!serve::holds_copy(target, target0));
});

}  // namespace
}  // namespace grader::kata_cross_entropy
