// How the decoder_block kata's learner's process calls the learner's code (Note [the learner's
// process] in grader/lib/remote.hpp): a DecoderBlock of the case's sizes, its Linears and norm
// weights loaded with fresh copies of the case's, then forward(x) or mlp(x); then whether x still
// holds what it was sent.
#include "decoder_block.hpp"
#include "grader/learner/serve.hpp"

namespace grader::kata_decoder_block {
namespace {

const serve::Serve call("decoder_block", [](wire::Reader& in, wire::Writer& out) {
  const std::vector<kt::Tensor> t = in.tensors();
  const int64_t num_heads = in.i64();
  const bool mlp_only = in.boolean();
  if (t.size() != 10) throw wire::Malformed("a decoder_block case of " + std::to_string(t.size()));
  const kt::Tensor& x = t[0];
  const kt::Tensor x0 = x.clone();
  const int64_t d = t[1].size(0), ff = t[6].size(0);
  out.run(call_learner([&] {
    DecoderBlock block(d, num_heads, ff);
    kt::nn::Linear* linears[] = {&block.q_proj, &block.k_proj, &block.v_proj, &block.o_proj,
                                 &block.w_gate, &block.w_up,   &block.w_down};
    for (size_t i = 0; i < 7; ++i) linears[i]->weight = t[1 + i].clone();
    block.attn_norm_weight = t[8].clone();
    block.mlp_norm_weight = t[9].clone();
    serve::learner_code_starts({{"x", x},
                                {"q_proj.weight", block.q_proj.weight},
                                {"k_proj.weight", block.k_proj.weight},
                                {"v_proj.weight", block.v_proj.weight},
                                {"o_proj.weight", block.o_proj.weight},
                                {"w_gate.weight", block.w_gate.weight},
                                {"w_up.weight", block.w_up.weight},
                                {"w_down.weight", block.w_down.weight},
                                {"attn_norm_weight", block.attn_norm_weight},
                                {"mlp_norm_weight", block.mlp_norm_weight}});
    return mlp_only ? block.mlp(x) : block.forward(x);
  }));
  out.boolean(!serve::holds_copy(x, x0));
});

}  // namespace
}  // namespace grader::kata_decoder_block
