// How the layer_norm kata's learner's process calls the learner's code (Note [the learner's
// process] in grader/lib/remote.hpp): kata::layer_norm on the x, weight, bias and eps it was sent,
// then whether each input still holds what it was sent (the inputs_unchanged check). The runner's
// side is call_learner_on in cases.cpp; what one writes, the other reads, in the same order.
#include "grader/learner/serve.hpp"
#include "layer_norm.hpp"

namespace grader::kata_layer_norm {
namespace {

const serve::Serve call("layer_norm", [](wire::Reader& in, wire::Writer& out) {
  const kt::Tensor sent = in.tensor();
  const kt::Tensor weight = in.tensor();
  const kt::Tensor bias = in.tensor();
  const double eps = in.f64();
  const kt::Tensor x = serve::laid_out(sent, in.u64());
  const kt::Tensor x0 = x.clone(), weight0 = weight.clone(), bias0 = bias.clone();
  out.run(call_learner([&] {
    serve::learner_code_starts(
        {{"x", x}, {"weight", weight}, {"bias", bias}, {"eps", kt::scalar_tensor(eps)}});
    return ::kata::layer_norm(x, weight, bias, eps);
  }));
  out.boolean(!serve::holds_copy(x, x0));
  out.boolean(!serve::holds_copy(weight, weight0));
  out.boolean(!serve::holds_copy(bias, bias0));
});

}  // namespace
}  // namespace grader::kata_layer_norm
