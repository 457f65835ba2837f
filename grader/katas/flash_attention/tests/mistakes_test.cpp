// The flash_attention kata's mistake simulations: without a mistake they are attention, for any
// block size; on a case like the detectors' every combination of mistakes gives its own output
// (Note [flash_attention detectors]), so a detector cannot name a mistake the output does not have.
#include <catch2/catch.hpp>

#include "grader/katas/flash_attention/cases.hpp"
#include "grader/katas/flash_attention/mistakes.hpp"
#include "grader/lib/compare.hpp"

namespace fa = grader::kata_flash_attention;

namespace {

kt::Tensor sim(const fa::Case& c, const fa::Mistakes& m) {
  return fa::simulate(c.q, c.k, c.v, c.causal, c.block, m);
}

/// Without the final division the running sum is never used: whether it was rescaled cannot show.
fa::Rescale seen(const fa::Mistakes& m) {
  if (!m.normalization_missing) return m.rescale;
  if (m.rescale == fa::Rescale::SumNot) return fa::Rescale::Right;
  if (m.rescale == fa::Rescale::Neither) return fa::Rescale::AccumulatorNot;
  return m.rescale;
}

}  // namespace

TEST_CASE("without a mistake the flash_attention simulation is the reference, for any block size",
          "[flash_attention][mistakes]") {
  for (const bool causal : {false, true}) {
    for (const int64_t T : {1, 5, 12}) {
      for (int64_t block = 1; block <= T + 2; ++block) {
        const fa::Case c = fa::fixed_case(T, 3, block, causal, uint64_t(100 + T));
        CAPTURE(causal, T, block);
        CHECK(grader::close(sim(c, {}), fa::run_reference(c)));
      }
    }
  }
}

TEST_CASE(
    "on a causal case with several blocks every combination of mistakes that can show differs",
    "[flash_attention][mistakes]") {
  const auto all = fa::all_combinations();
  REQUIRE(all.size() == 20);
  REQUIRE_FALSE(all.front().any());
  for (const uint64_t seed : {1, 2, 3}) {
    const fa::Case c = fa::fixed_case(9, 2, 3, true, seed);
    for (size_t a = 0; a < all.size(); ++a) {
      for (size_t b = a + 1; b < all.size(); ++b) {
        CAPTURE(seed, a, b);
        const bool alike = seen(all[a]) == seen(all[b]) &&
                           all[a].normalization_missing == all[b].normalization_missing &&
                           all[a].block_leak == all[b].block_leak;
        CHECK(grader::same_as_mistake(sim(c, all[a]), sim(c, all[b])) == alike);
      }
    }
  }
}

TEST_CASE("the block leak lets a query see the later keys of its own block, and no further",
          "[flash_attention][mistakes]") {
  // T 4, blocks of 2: with the leak, queries 0 and 1 both attend keys 0-1 (not causal inside the
  // block) and nothing after; queries 2 and 3 attend all four keys.
  const fa::Case c = fa::fixed_case(4, 3, 2, true, 11);
  fa::Mistakes leak;
  leak.block_leak = true;
  const kt::Tensor leaked = sim(c, leak);
  fa::Case first_two = c;
  first_two.q = c.q.slice(-2, 0, 2);
  first_two.k = c.k.slice(-2, 0, 2);
  first_two.v = c.v.slice(-2, 0, 2);
  first_two.causal = false;
  CHECK(grader::close(leaked.slice(-2, 0, 2), fa::run_reference(first_two)));
  fa::Case all_keys = c;
  all_keys.causal = false;
  CHECK(grader::close(leaked.slice(-2, 2, 4), fa::run_reference(all_keys).slice(-2, 2, 4)));
}

TEST_CASE("a missing normalisation returns the accumulator: its weights sum to exp(s - m) totals",
          "[flash_attention][mistakes]") {
  // v = 1 everywhere: attention gives 1; without the division the output is l = sum exp(s - m)
  // >= 1.
  fa::Case c = fa::fixed_case(6, 2, 2, false, 5);
  c.v = kt::ones({6, 1});
  fa::Mistakes missing;
  missing.normalization_missing = true;
  const std::vector<double> got = sim(c, missing).to_vector<double>();
  for (const double x : got) CHECK(x >= 1.0);
  CHECK(grader::close(sim(c, {}), kt::ones({6, 1})));
}
