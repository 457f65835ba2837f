// How the layer_norm_backward kata's learner's process calls the learner's code (Note [the
// learner's process] in grader/lib/remote.hpp): kata::layer_norm_backward on the x, weight, dout
// and eps it was sent; its three gradients go back as they are (undefined ones too: the runner
// names them), then whether each input still holds what it was sent.
#include "grader/learner/serve.hpp"
#include "layer_norm_backward.hpp"

namespace grader::kata_layer_norm_backward {
namespace {

const serve::Serve backward("layer_norm_backward", [](wire::Reader& in, wire::Writer& out) {
  const std::vector<kt::Tensor> t = in.tensors();
  const double eps = in.f64();
  if (t.size() != 3 || t[0].dtype() != kt::Float64)
    throw wire::Malformed("a layer_norm_backward case of " + std::to_string(t.size()) + " tensors");
  const kt::Tensor x0 = t[0].clone(), w0 = t[1].clone(), d0 = t[2].clone();
  std::vector<kt::Tensor> grads(3);
  const Run run = call_learner([&] {
    serve::learner_code_starts(
        {{"x", t[0]}, {"weight", t[1]}, {"dout", t[2]}, {"eps", kt::scalar_tensor(eps)}});
    const ::kata::LayerNormGrads g = ::kata::layer_norm_backward(t[0], t[1], t[2], eps);
    grads = {g.dx, g.dweight, g.dbias};
    const bool all = g.dx.defined() && g.dweight.defined() && g.dbias.defined();
    return all ? g.dx : kt::Tensor();
  });
  out.run(run);
  out.tensors(grads);
  out.boolean(!serve::holds_copy(t[0], x0));
  out.boolean(!serve::holds_copy(t[1], w0));
  out.boolean(!serve::holds_copy(t[2], d0));
});

}  // namespace
}  // namespace grader::kata_layer_norm_backward
