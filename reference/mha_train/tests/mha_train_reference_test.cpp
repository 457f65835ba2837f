// The mha_train reference against torch.nn.MultiheadAttention with attention dropout, in eval()
// and in train() with dropout 0 (float64): no weight is dropped, and the output is attention's.
#include <catch2/catch.hpp>

#include "kt/tensor.hpp"
#include "reference/common/golden_file.hpp"
#include "reference/mha_train/mha_train.hpp"

TEST_CASE("without dropout the mha_train reference matches torch.nn.MultiheadAttention",
          "[reference][golden]") {
  const auto cases =
      ref::golden::load(KT_REFERENCE_DIR "/mha_train/tests/data/mha_train_cases.txt");
  REQUIRE(cases.size() == 4);
  for (const auto& c : cases) {
    INFO("case " << c.name);
    const kt::Shape dims = c.shape("dims");  // B, T, D, H, causal
    const int64_t B = dims[0], T = dims[1], D = dims[2], H = dims[3];
    const ref::MhaWeights w{c.tensor("wq", {D, D}), c.tensor("wk", {D, D}), c.tensor("wv", {D, D}),
                            c.tensor("wo", {D, D}), c.tensor("bq", {D}),    c.tensor("bk", {D}),
                            c.tensor("bv", {D}),    c.tensor("bo", {D})};
    const kt::Tensor got = ref::mha_without_dropout(c.tensor("x", {B, T, D}), w, H, dims[4] != 0);
    CHECK(kt::allclose(got, c.tensor("out", {B, T, D}), 1e-10, 1e-12));
  }
}
