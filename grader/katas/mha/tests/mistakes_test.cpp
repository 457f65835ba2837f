// The MHA kata's mistake simulations: with no mistake they are the trusted reference, and each
// mistake changes the result where it matters and nowhere else.
#include <rapidcheck/catch.h>

#include <catch2/catch.hpp>
#include <cmath>

#include "grader/katas/mha_family/mistakes.hpp"
#include "reference/mha/mha.hpp"

namespace {

using grader::mha::HeadSplit;
using grader::mha::Mistakes;

struct Setup {
  int64_t B, T, H, dk;
  ref::MhaWeights w;
  kt::Tensor x;
  [[nodiscard]] int64_t D() const { return H * dk; }
};

Setup make(int64_t B, int64_t T, int64_t H, int64_t dk, uint64_t seed) {
  kt::Generator gen(seed);
  const int64_t D = H * dk;
  Setup s{B, T, H, dk, {}, {}};
  s.w = {kt::randn({D, D}, gen), kt::randn({D, D}, gen), kt::randn({D, D}, gen),
         kt::randn({D, D}, gen), kt::randn({D}, gen),    kt::randn({D}, gen),
         kt::randn({D}, gen),    kt::randn({D}, gen)};
  s.x = kt::randn({B, T, D}, gen);
  return s;
}

bool near(const kt::Tensor& a, const kt::Tensor& b) { return kt::allclose(a, b, 1e-10, 1e-12); }

}  // namespace

TEST_CASE("with no mistake the simulation computes the reference, masked or causal", "[mistakes]") {
  rc::prop("mha_with_mistakes(..., {}) == ref::mha_forward on random cases", [] {
    const auto B = *rc::gen::inRange<int64_t>(1, 4);
    const auto T = *rc::gen::inRange<int64_t>(1, 7);
    const auto H = *rc::gen::inRange<int64_t>(1, 5);
    const auto dk = *rc::gen::inRange<int64_t>(1, 5);
    const auto seed = *rc::gen::inRange<uint64_t>(0, 100000);
    const bool causal = *rc::gen::arbitrary<bool>();
    const bool masked = *rc::gen::arbitrary<bool>();
    const Setup s = make(B, T, H, dk, seed);
    kt::Generator gen(seed + 1);
    const kt::Tensor mask = masked ? kt::rand({B, 1, T, T}, gen) < 0.6 : kt::Tensor();
    RC_ASSERT(near(grader::mha::mha_with_mistakes(s.x, s.w, H, causal, mask, {}),
                   ref::mha_forward(s.x, s.w, H, causal, mask)));
  });
}

TEST_CASE("each mistake changes the result where it matters", "[mistakes]") {
  const Setup s = make(2, 4, 2, 4, 5);
  const kt::Tensor good = ref::mha_forward(s.x, s.w, s.H, true);
  const auto differs = [&](const Mistakes& m) {
    return !kt::allclose(grader::mha::mha_with_mistakes(s.x, s.w, s.H, true, kt::Tensor(), m), good,
                         1e-6, 1e-9);
  };
  CHECK(differs({.split = HeadSplit::Strided}));
  CHECK(differs({.split = HeadSplit::NoTranspose}));
  CHECK(differs({.split = HeadSplit::NoTranspose, .merge_transposed = true}));
  CHECK(differs({.scale_by_d_model = true}));
  CHECK(differs({.scale_by_d_head = true}));
  CHECK(differs({.mask_after_softmax = true}));
  CHECK(differs({.merge_memory_order = true}));
  CHECK(differs({.softmax_over_queries = true}));
  CHECK(!kt::allclose(grader::mha::attention_across_heads(s.x, s.w, s.H),
                      ref::mha_forward(s.x, s.w, s.H, false), 1e-6, 1e-9));
}

TEST_CASE("with one head, the head-split and scale mistakes change nothing", "[mistakes]") {
  const Setup s = make(2, 4, 1, 6, 9);
  const kt::Tensor one = ref::mha_forward(s.x, s.w, 1, false);
  for (const Mistakes& m : {Mistakes{.split = HeadSplit::Strided},
                            Mistakes{.split = HeadSplit::NoTranspose, .merge_memory_order = true},
                            Mistakes{.scale_by_d_model = true}})
    CHECK(near(grader::mha::mha_with_mistakes(s.x, s.w, 1, false, kt::Tensor(), m), one));
}

TEST_CASE("the two scale mistakes coincide exactly when d_head = num_heads", "[mistakes]") {
  // sqrt(d_model) = sqrt(num_heads * d_head) equals d_head when d_head = num_heads: a case that
  // cannot tell the two apart (the detectors skip it).
  const auto coincide = [](int64_t H, int64_t dk) {
    const Setup s = make(1, 3, H, dk, 21);
    return near(grader::mha::mha_with_mistakes(s.x, s.w, H, false, kt::Tensor(),
                                               {.scale_by_d_model = true}),
                grader::mha::mha_with_mistakes(s.x, s.w, H, false, kt::Tensor(),
                                               {.scale_by_d_head = true}));
  };
  CHECK(coincide(2, 2));
  CHECK(coincide(3, 3));
  CHECK_FALSE(coincide(2, 3));
  CHECK_FALSE(coincide(4, 2));
}

TEST_CASE("masking after the softmax zeroes masked weights without renormalising", "[mistakes]") {
  // One query, two keys, the second masked: the weight of the first is its unmasked softmax.
  const Setup s = make(1, 2, 1, 1, 3);
  const kt::Tensor mask = kt::from_vector(std::vector<bool>{true, false, true, true}, {2, 2});
  const kt::Tensor got =
      grader::mha::mha_with_mistakes(s.x, s.w, 1, false, mask, {.mask_after_softmax = true});
  CHECK(!near(got, ref::mha_forward(s.x, s.w, 1, false, mask)));
  // Row 1 attends to both keys either way: identical there.
  CHECK(near(got.narrow(1, 1, 1), ref::mha_forward(s.x, s.w, 1, false, mask).narrow(1, 1, 1)));
}
