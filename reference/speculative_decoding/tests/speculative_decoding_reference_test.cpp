// The speculative_decoding reference against the verification step written apart in PyTorch
// (tools/golden/gen_speculative_decoding_cases.py), its recorded uniforms replayed, and against
// steps worked out by hand.
#include <catch2/catch.hpp>
#include <vector>

#include "kt/tensor.hpp"
#include "reference/common/golden_file.hpp"
#include "reference/speculative_decoding/speculative_decoding.hpp"

namespace {

/// The recorded uniforms in order; the test fails on a draw past them.
struct Recorded {
  std::vector<double> us;
  size_t at = 0;
  double next() {
    REQUIRE(at < us.size());
    return us[at++];
  }
};

}  // namespace

TEST_CASE(
    "the speculative_decoding reference appends the tokens of the step written apart in PyTorch, "
    "taking exactly the uniforms it took",
    "[reference][golden]") {
  const auto cases = ref::golden::load(
      KT_REFERENCE_DIR "/speculative_decoding/tests/data/speculative_decoding_cases.txt");
  REQUIRE(cases.size() == 22);
  for (const auto& c : cases) {
    INFO("case " << c.name);
    const int64_t k = c.shape("K")[0], v = c.shape("V")[0];
    Recorded r{c.values("us")};
    const std::vector<int64_t> got =
        ref::speculative_step(c.tensor("draft_probs", {k, v}), c.shape("draft_tokens"),
                              c.tensor("target_probs", {k + 1, v}), [&] { return r.next(); });
    CHECK(got == c.shape("tokens"));
    CHECK(r.at == r.us.size());
  }
}

TEST_CASE("the speculative_decoding reference gives the steps worked out by hand", "[reference]") {
  // q_0 = [0.5, 0.5, 0], p_0 = [0.25, 0.25, 0.5]: token 0's ratio is 0.5; the residual is
  // [0, 0, 1]. q_1 = [0.2, 0.8, 0], p_1 = [0.6, 0.4, 0]: token 0's ratio 3, token 1's 0.5;
  // the residual [1, 0, 0]. p_2 = [0.1, 0.2, 0.7].
  const kt::Tensor q = kt::from_vector(std::vector<double>{0.5, 0.5, 0, 0.2, 0.8, 0}, {2, 3});
  const kt::Tensor p =
      kt::from_vector(std::vector<double>{0.25, 0.25, 0.5, 0.6, 0.4, 0, 0.1, 0.2, 0.7}, {3, 3});
  const auto run = [&](std::vector<int64_t> x, std::vector<double> us) {
    Recorded r{std::move(us)};
    const auto out = ref::speculative_step(q, x, p, [&] { return r.next(); });
    CHECK(r.at == r.us.size());
    return out;
  };
  SECTION("u below the ratio accepts, u above it rejects and draws from the residual") {
    CHECK(run({0, 0}, {0.4, 0.9, 0.5}) == std::vector<int64_t>{0, 0, 2});   // bonus: 0.5 -> 2
    CHECK(run({0, 0}, {0.6, 0.3}) == std::vector<int64_t>{2});              // rejected at once
    CHECK(run({0, 1}, {0.1, 0.7, 0.99}) == std::vector<int64_t>{0, 0});     // residual [1, 0, 0]
    CHECK(run({0, 1}, {0.1, 0.2, 0.25}) == std::vector<int64_t>{0, 1, 1});  // 0.2 < 0.5; bonus
  }
  SECTION("a draw walks the running sum in increasing index; none above u gives the last index") {
    CHECK(ref::inverse_cdf({0.1, 0.2, 0.7}, 0.1) == 1);  // 0.1 does not exceed 0.1
    CHECK(ref::inverse_cdf({0.1, 0.2, 0.7}, 0.05) == 0);
    CHECK(ref::inverse_cdf({0.25, 0.25}, 0.75) == 1);  // the sum never exceeds u
  }
}
