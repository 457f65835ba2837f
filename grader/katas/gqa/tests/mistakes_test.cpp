// The GQA side of the shared mistake simulations (grader/katas/mha_family/mistakes.hpp): with no
// mistake they are the trusted GQA reference, and tiled kv heads differ exactly when a kv head
// serves several query heads and there is more than one kv head.
#include <rapidcheck/catch.h>

#include <catch2/catch.hpp>

#include "grader/katas/mha_family/mistakes.hpp"
#include "reference/gqa/gqa.hpp"

namespace {

struct Setup {
  int64_t H, Hkv;
  ref::MhaWeights w;
  kt::Tensor x;
};

Setup make(int64_t B, int64_t T, int64_t H, int64_t Hkv, int64_t dk, uint64_t seed) {
  kt::Generator gen(seed);
  const int64_t D = H * dk, kv = Hkv * dk;
  Setup s{H, Hkv, {}, {}};
  s.w = {kt::randn({D, D}, gen), kt::randn({kv, D}, gen), kt::randn({kv, D}, gen),
         kt::randn({D, D}, gen), kt::randn({D}, gen),     kt::randn({kv}, gen),
         kt::randn({kv}, gen),   kt::randn({D}, gen)};
  s.x = kt::randn({B, T, D}, gen);
  return s;
}

bool near(const kt::Tensor& a, const kt::Tensor& b) { return kt::allclose(a, b, 1e-10, 1e-12); }

}  // namespace

TEST_CASE("with no mistake the simulation computes the GQA reference, masked or causal",
          "[mistakes]") {
  rc::prop("mha_with_mistakes(..., {}) == ref::gqa_forward on random grouped cases", [] {
    const auto Hkv = *rc::gen::inRange<int64_t>(1, 4);
    const auto group = *rc::gen::inRange<int64_t>(1, 4);
    const auto B = *rc::gen::inRange<int64_t>(1, 3);
    const auto T = *rc::gen::inRange<int64_t>(1, 6);
    const auto dk = *rc::gen::inRange<int64_t>(1, 4);
    const auto seed = *rc::gen::inRange<uint64_t>(0, 100000);
    const bool causal = *rc::gen::arbitrary<bool>();
    const bool masked = *rc::gen::arbitrary<bool>();
    const Setup s = make(B, T, Hkv * group, Hkv, dk, seed);
    kt::Generator gen(seed + 1);
    const kt::Tensor mask = masked ? kt::rand({B, s.H, T, T}, gen) < 0.6 : kt::Tensor();
    RC_ASSERT(near(grader::mha::mha_with_mistakes(s.x, s.w, s.H, causal, mask, {}),
                   ref::gqa_forward(s.x, s.w, s.H, s.Hkv, causal, mask)));
  });
}

TEST_CASE("tiled kv heads change the result only when some kv head is shared and there are two",
          "[mistakes]") {
  const auto tiled_differs = [](int64_t H, int64_t Hkv) {
    const Setup s = make(2, 4, H, Hkv, 2, 9);
    const kt::Tensor good = ref::gqa_forward(s.x, s.w, H, Hkv, false);
    const kt::Tensor tiled =
        grader::mha::mha_with_mistakes(s.x, s.w, H, false, kt::Tensor(), {.kv_tiled = true});
    return !kt::allclose(tiled, good, 1e-6, 1e-9);
  };
  CHECK(tiled_differs(4, 2));
  CHECK(tiled_differs(6, 3));
  CHECK(tiled_differs(6, 2));
  CHECK_FALSE(tiled_differs(4, 1));  // MQA: every query head reads the one kv head
  CHECK_FALSE(tiled_differs(3, 3));  // MHA: h mod H = h / 1
}

TEST_CASE("tiled kv heads are what a query head h reading kv head h mod num_kv_heads computes",
          "[mistakes]") {
  // With 2 kv heads and 4 query heads, tiling reads kv heads 0 1 0 1: swapping the middle query
  // heads (1 and 2, in q_proj's rows and out_proj's columns) turns that into 0 0 1 1, the correct
  // grouping, and leaves the output unchanged.
  const int64_t dk = 2;
  const Setup s = make(2, 3, 4, 2, dk, 12);
  ref::MhaWeights swapped = s.w;
  const std::vector<int64_t> heads = {0, 2, 1, 3};
  std::vector<kt::Tensor> wq_rows, bq_rows, wo_cols;
  for (int64_t h : heads) {
    wq_rows.push_back(s.w.wq.narrow(0, h * dk, dk));
    bq_rows.push_back(s.w.bq.narrow(0, h * dk, dk));
    wo_cols.push_back(s.w.wo.narrow(1, h * dk, dk));
  }
  swapped.wq = kt::cat(wq_rows, 0);
  swapped.bq = kt::cat(bq_rows, 0);
  swapped.wo = kt::cat(wo_cols, 1);
  CHECK(near(grader::mha::mha_with_mistakes(s.x, s.w, 4, true, kt::Tensor(), {.kv_tiled = true}),
             ref::gqa_forward(s.x, swapped, 4, 2, true)));
}
