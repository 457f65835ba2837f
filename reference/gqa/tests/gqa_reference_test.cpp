// The GQA reference against PyTorch's explicit-op grouped-query attention (float64), and against
// what grouping means: with num_kv_heads = num_heads it is multi-head attention; with fewer, it is
// multi-head attention whose k/v weights repeat each kv head's rows for the query heads it serves.
#include <catch2/catch.hpp>

#include "kt/tensor.hpp"
#include "reference/common/golden_file.hpp"
#include "reference/gqa/gqa.hpp"

namespace {

ref::MhaWeights random_weights(int64_t D, int64_t kv_rows, kt::Generator& gen) {
  return {kt::randn({D, D}, gen),    kt::randn({kv_rows, D}, gen), kt::randn({kv_rows, D}, gen),
          kt::randn({D, D}, gen),    kt::randn({D}, gen),          kt::randn({kv_rows}, gen),
          kt::randn({kv_rows}, gen), kt::randn({D}, gen)};
}

}  // namespace

TEST_CASE("the GQA reference matches PyTorch's explicit-op GQA within rtol 1e-10, atol 1e-12",
          "[reference][golden]") {
  const auto cases = ref::golden::load(KT_REFERENCE_DIR "/gqa/tests/data/gqa_cases.txt");
  REQUIRE(cases.size() == 10);
  for (const ref::golden::Case& c : cases) {
    INFO("golden case " << c.name);
    const kt::Shape dims = c.shape("dims");  // B, T, D, H, H_kv, bias, causal
    const int64_t B = dims[0], T = dims[1], D = dims[2], H = dims[3], Hkv = dims[4];
    const bool bias = dims[5] != 0, causal = dims[6] != 0;
    const int64_t kv_rows = Hkv * (D / H);
    const ref::MhaWeights w{c.tensor("wq", {D, D}),       c.tensor("wk", {kv_rows, D}),
                            c.tensor("wv", {kv_rows, D}), c.tensor("wo", {D, D}),
                            c.tensor("bq", {D}),          c.tensor("bk", {kv_rows}),
                            c.tensor("bv", {kv_rows}),    c.tensor("bo", {D})};
    CHECK(w.bq.defined() == bias);
    const kt::Tensor mask = c.has("mask") ? c.mask("mask", c.shape("mask_shape")) : kt::Tensor();
    const kt::Tensor expected = c.tensor("out", {B, T, D});
    const kt::Tensor got = ref::gqa_forward(c.tensor("x", {B, T, D}), w, H, Hkv, causal, mask);
    const double worst = kt::amax(kt::abs(got - expected) / (kt::abs(expected) + 1e-300)).item();
    INFO("largest relative difference " << worst);
    CHECK(kt::allclose(got, expected, 1e-10, 1e-12));
  }
}

TEST_CASE("GQA with a kv head per query head is the MHA reference", "[reference]") {
  kt::Generator gen(3);
  const int64_t B = 2, T = 4, D = 12, H = 3;
  const ref::MhaWeights w = random_weights(D, D, gen);
  const kt::Tensor x = kt::randn({B, T, D}, gen);
  CHECK(kt::equal(ref::gqa_forward(x, w, H, H, true), ref::mha_forward(x, w, H, true)));
}

TEST_CASE("GQA is MHA with each kv head's rows repeated for the query heads of its group",
          "[reference]") {
  kt::Generator gen(4);
  const int64_t B = 2, T = 5, D = 12, H = 6, Hkv = 2, dk = D / H, group = H / Hkv;
  const ref::MhaWeights w = random_weights(D, Hkv * dk, gen);
  // Written row by row (no kt views): query head h gets kv head h / group's rows.
  std::vector<double> wk, wv, bk, bv;
  const auto wk_rows = w.wk.to_vector<double>(), wv_rows = w.wv.to_vector<double>();
  const auto bk_vals = w.bk.to_vector<double>(), bv_vals = w.bv.to_vector<double>();
  for (int64_t h = 0; h < H; ++h) {
    for (int64_t r = (h / group) * dk; r < (h / group + 1) * dk; ++r) {
      wk.insert(wk.end(), wk_rows.begin() + r * D, wk_rows.begin() + (r + 1) * D);
      wv.insert(wv.end(), wv_rows.begin() + r * D, wv_rows.begin() + (r + 1) * D);
      bk.push_back(bk_vals[size_t(r)]);
      bv.push_back(bv_vals[size_t(r)]);
    }
  }
  const ref::MhaWeights repeated{
      w.wq, kt::from_vector(wk, {D, D}), kt::from_vector(wv, {D, D}), w.wo,
      w.bq, kt::from_vector(bk, {D}),    kt::from_vector(bv, {D}),    w.bo};
  const kt::Tensor x = kt::randn({B, T, D}, gen);
  const kt::Tensor mask = kt::rand({B, H, T, T}, gen) < 0.6;
  CHECK(kt::allclose(ref::gqa_forward(x, w, H, Hkv, false, mask),
                     ref::mha_forward(x, repeated, H, false, mask), 1e-12, 1e-12));
}

TEST_CASE("the GQA reference refuses heads that do not group", "[reference]") {
  kt::Generator gen(5);
  const ref::MhaWeights w = random_weights(12, 4, gen);
  const kt::Tensor x = kt::randn({1, 2, 12}, gen);
  CHECK_THROWS_WITH(ref::gqa_forward(x, w, 6, 4, false),
                    "ref::gqa_forward: num_heads % num_kv_heads != 0");
  CHECK_THROWS_WITH(ref::gqa_forward(x, w, 6, 3, false),
                    "ref::gqa_forward: a projection weight of shape [4, 12] where (6, 12) was "
                    "expected");
}
