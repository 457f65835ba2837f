// How the softmax kata's learner's process calls the learner's code (Note [the learner's process]
// in grader/lib/remote.hpp): kata::softmax on the x it was sent, along dim.
#include "grader/learner/serve.hpp"
#include "softmax.hpp"

namespace grader::kata_softmax {
namespace {

const serve::Serve softmax("softmax", [](wire::Reader& in, wire::Writer& out) {
  const kt::Tensor x = in.tensor();
  const int64_t dim = in.i64();
  out.run(call_learner([&] {
    serve::learner_code_starts({{"x", x}});
    return ::kata::softmax(x, dim);
  }));
});

}  // namespace
}  // namespace grader::kata_softmax
