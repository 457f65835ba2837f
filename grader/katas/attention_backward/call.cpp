// How the attention_backward kata's learner's process calls the learner's code (Note [the
// learner's process] in grader/lib/remote.hpp): kata::attention_backward on the q, k, v and dout it
// was sent; its three gradients go back as they are (undefined ones too: the runner names them).
#include "attention_backward.hpp"
#include "grader/learner/serve.hpp"

namespace grader::kata_attention_backward {
namespace {

const serve::Serve backward("attention_backward", [](wire::Reader& in, wire::Writer& out) {
  const std::vector<kt::Tensor> t = in.tensors();
  const bool causal = in.boolean();
  if (t.size() != 4)
    throw wire::Malformed("a backward case of " + std::to_string(t.size()) + " tensors");
  std::vector<kt::Tensor> grads(3);
  const Run run = call_learner([&] {
    serve::learner_code_starts({{"q", t[0]}, {"k", t[1]}, {"v", t[2]}, {"dout", t[3]}});
    const ::kata::AttentionGrads g = ::kata::attention_backward(t[0], t[1], t[2], t[3], causal);
    grads = {g.dq, g.dk, g.dv};
    const bool all = g.dq.defined() && g.dk.defined() && g.dv.defined();
    return all ? g.dq : kt::Tensor();
  });
  out.run(run);
  out.tensors(grads);
});

}  // namespace
}  // namespace grader::kata_attention_backward
