// The reference against torch.nn.MultiheadAttention's recorded outputs (float64).
#include <catch2/catch.hpp>
#include <cmath>

#include "kt/tensor.hpp"
#include "reference/common/golden_file.hpp"
#include "reference/mha/mha.hpp"

TEST_CASE("the reference matches torch.nn.MultiheadAttention within rtol 1e-10, atol 1e-12",
          "[reference][golden]") {
  const auto cases = ref::golden::load(KT_REFERENCE_DIR "/mha/tests/data/mha_cases.txt");
  REQUIRE(cases.size() == 9);
  for (const ref::golden::Case& c : cases) {
    INFO("golden case " << c.name);
    const kt::Shape dims = c.shape("dims");  // B, T, D, H, bias, causal
    const int64_t B = dims[0], T = dims[1], D = dims[2], H = dims[3];
    const bool bias = dims[4] != 0, causal = dims[5] != 0;
    ref::MhaWeights w;
    w.wq = c.tensor("wq", {D, D});
    w.wk = c.tensor("wk", {D, D});
    w.wv = c.tensor("wv", {D, D});
    w.wo = c.tensor("wo", {D, D});
    w.bq = c.tensor("bq", {D});
    w.bk = c.tensor("bk", {D});
    w.bv = c.tensor("bv", {D});
    w.bo = c.tensor("bo", {D});
    CHECK(w.bq.defined() == bias);
    const kt::Tensor mask = c.has("mask") ? c.mask("mask", c.shape("mask_shape")) : kt::Tensor();
    const kt::Tensor x = c.tensor("x", {B, T, D});
    const kt::Tensor expected = c.tensor("out", {B, T, D});
    const kt::Tensor got = ref::mha_forward(x, w, H, causal, mask);
    const double worst = kt::amax(kt::abs(got - expected) / (kt::abs(expected) + 1e-300)).item();
    INFO("largest relative difference " << worst);
    CHECK(kt::allclose(got, expected, 1e-10, 1e-12));
  }
}

TEST_CASE("the reference's fully masked rows are uniform, zeros or all keys, as asked",
          "[reference]") {
  kt::Generator gen(5);
  const int64_t B = 2, T = 4, D = 8, H = 2;
  ref::MhaWeights w{kt::randn({D, D}, gen), kt::randn({D, D}, gen), kt::randn({D, D}, gen),
                    kt::randn({D, D}, gen), kt::randn({D}, gen),    kt::randn({D}, gen),
                    kt::randn({D}, gen),    kt::randn({D}, gen)};
  const kt::Tensor x = kt::randn({B, T, D}, gen);
  const kt::Tensor none = kt::zeros({1, 1, T, T}, kt::Bool);
  const kt::Tensor zeros = ref::mha_forward(x, w, H, false, none, ref::MaskedRows::Zeros);
  // zero attention output: each row is out_proj's bias alone
  CHECK(kt::allclose(zeros, w.bo.expand({B, T, D}), 0, 1e-12));
  const kt::Tensor all = ref::mha_forward(x, w, H, false, none, ref::MaskedRows::AllKeys);
  CHECK(kt::allclose(all, ref::mha_forward(x, w, H, false), 0, 1e-12));
  CHECK(kt::all(ref::fully_masked_queries(B, T, H, false, none)).item() == 1.0);
  CHECK(kt::any(ref::fully_masked_queries(B, T, H, true, kt::Tensor())).item() == 0.0);
}
