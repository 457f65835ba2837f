// Every pitfall of the decoder_block kata alone, and every two together, are named exactly (Note
// [every double named exactly] in grader/tests/doubles/doubles.hpp): the learner's DecoderBlock,
// written with kt's ops as a learner writes it (solutions/decoder_block/worked.cpp), each pitfall
// a slip as the test bed's known-bad files make it. Kept apart from the grader's simulation
// (mistakes.hpp) on purpose: it is the learner's code.
#include <catch2/catch.hpp>

#include <vector>

#include "decoder_block.hpp"
#include "grader/tests/doubles/check.hpp"

namespace {

doubles::Names on;  // the slips now on

bool slip(const char* id) { return on.count(id) != 0; }

}  // namespace

kt::Tensor DecoderBlock::mlp(const kt::Tensor& x) const {
  const kt::Tensor gate = w_gate(x), up = w_up(x);
  if (slip("missing_activation")) return w_down(gate * up);
  if (slip("silu_on_up_branch")) return w_down(kt::silu(up) * gate);
  return w_down(kt::silu(gate) * up);
}

kt::Tensor DecoderBlock::forward(const kt::Tensor& x) const {
  if (slip("post_norm")) {
    const kt::Tensor h = rms_norm(x + attention(x), attn_norm_weight);
    return rms_norm(h + mlp(h), mlp_norm_weight);
  }
  const kt::Tensor xn = rms_norm(x, attn_norm_weight);
  const kt::Tensor h = (slip("residual_from_normed") ? xn : x) + attention(xn);
  const kt::Tensor hn = rms_norm(slip("mlp_reads_block_input") ? x : h, mlp_norm_weight);
  return h + mlp(hn);
}

namespace {

/// The pairs of slips that bear on each other in this learner.
std::vector<doubles::Pair> pairs() {
  using doubles::Relation;
  return {{"post_norm", "residual_from_normed", Relation::Absorbs,
           "a post-norm block has no normed input to add to"},
          {"post_norm", "mlp_reads_block_input", Relation::Absorbs,
           "this learner's post-norm block feeds its MLP h"},
          {"missing_activation", "silu_on_up_branch", Relation::Absorbs,
           "with no activation there is no branch to put it on"}};
}

}  // namespace

TEST_CASE(
    "decoder_block: no pitfall, every pitfall alone and every two together are named "
    "exactly",
    "[doubles]") {
  const doubles::Kata kata{[](const doubles::Names& slips) { on = slips; }, pairs()};
  doubles::check_named_exactly(kata);
}
