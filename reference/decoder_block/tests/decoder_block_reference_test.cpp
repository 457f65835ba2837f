// The decoder_block reference against a LLaMA block computed by PyTorch (float64).
#include <catch2/catch.hpp>

#include "kt/tensor.hpp"
#include "reference/common/golden_file.hpp"
#include "reference/decoder_block/decoder_block.hpp"

TEST_CASE(
    "the decoder_block reference matches PyTorch's block and SwiGLU within rtol 1e-10, "
    "atol 1e-12",
    "[reference][golden]") {
  const auto cases =
      ref::golden::load(KT_REFERENCE_DIR "/decoder_block/tests/data/decoder_block_cases.txt");
  REQUIRE(cases.size() == 4);
  for (const auto& c : cases) {
    INFO("case " << c.name);
    const kt::Shape shape = c.shape("shape");
    const int64_t d = shape[2], ff = c.shape("d_ff")[0];
    ref::DecoderWeights w;
    w.num_heads = c.shape("num_heads")[0];
    w.wq = c.tensor("wq", {d, d});
    w.wk = c.tensor("wk", {d, d});
    w.wv = c.tensor("wv", {d, d});
    w.wo = c.tensor("wo", {d, d});
    w.w_gate = c.tensor("w_gate", {ff, d});
    w.w_up = c.tensor("w_up", {ff, d});
    w.w_down = c.tensor("w_down", {d, ff});
    w.attn_norm = c.tensor("attn_norm", {d});
    w.mlp_norm = c.tensor("mlp_norm", {d});
    const kt::Tensor x = c.tensor("x", shape);
    CHECK(kt::allclose(ref::decoder_block(x, w), c.tensor("out", shape), 1e-10, 1e-12));
    CHECK(kt::allclose(ref::swiglu(x, w), c.tensor("mlp_of_x", shape), 1e-10, 1e-12));
  }
}
