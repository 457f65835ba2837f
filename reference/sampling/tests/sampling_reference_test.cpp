// The sampling reference against Hugging Face's temperature, top-k and top-p warpers and an
// inverse-CDF draw, recorded in PyTorch (float64), and against values worked out by hand.
#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "kt/tensor.hpp"
#include "reference/common/golden_file.hpp"
#include "reference/sampling/sampling.hpp"

TEST_CASE(
    "the sampling reference keeps the tokens Hugging Face's warpers keep, with their "
    "probabilities within 1e-12, and picks the token the recorded draws pick",
    "[reference][golden]") {
  const auto cases = ref::golden::load(KT_REFERENCE_DIR "/sampling/tests/data/sampling_cases.txt");
  REQUIRE(cases.size() == 23);
  for (const auto& c : cases) {
    INFO("case " << c.name);
    const int64_t v = c.shape("V")[0];
    const kt::Tensor logits = c.tensor("logits", {v});
    const ref::Distribution d = ref::sampling_distribution(
        logits, c.values("temperature")[0], c.shape("top_k")[0], c.values("top_p")[0]);
    const std::vector<double>& probs = c.values("probs");
    REQUIRE(d.p.size() == size_t(v));
    for (size_t i = 0; i < d.p.size(); ++i) {
      INFO("token " << i);
      CHECK(d.kept[i] == (probs[i] > 0));
      CHECK(std::abs(d.p[i] - probs[i]) <= 1e-12);
    }
    const std::vector<double>& us = c.values("us");
    const kt::Shape picks = c.shape("picks");
    for (size_t i = 0; i < us.size(); ++i) {
      INFO("u = " << us[i]);
      CHECK(ref::pick(d, us[i]) == picks[i]);
    }
  }
}

TEST_CASE("the sampling reference gives the values worked out by hand", "[reference]") {
  // logits log([1, 2, 3, 4]): p = [0.1, 0.2, 0.3, 0.4].
  const kt::Tensor logits = kt::from_vector(
      std::vector<double>{std::log(1.0), std::log(2.0), std::log(3.0), std::log(4.0)}, {4});
  const ref::Distribution all = ref::sampling_distribution(logits, 1.0, 0, 1.0);
  CHECK(all.p[2] == Approx(0.3).epsilon(1e-13));
  // Running sums 0.1, 0.3, 0.6, 1.0.
  CHECK(ref::pick(all, 0.05) == 0);
  CHECK(ref::pick(all, 0.29) == 1);
  CHECK(ref::pick(all, 0.31) == 2);
  CHECK(ref::pick(all, 0.99) == 3);
  // A u equal to a running sum does not exceed it: the next token.
  const ref::Distribution quarters{{true, true, true}, {0.25, 0.5, 0.25}};
  CHECK(ref::pick(quarters, 0.25) == 1);
  CHECK(ref::pick(quarters, 0.75) == 2);
  // Top-p 0.65: 0.4 + 0.3 = 0.7 >= 0.65 keeps tokens 3 and 2 (the crossing token 2 included).
  const ref::Distribution nucleus = ref::sampling_distribution(logits, 1.0, 0, 0.65);
  CHECK(nucleus.kept == std::vector<bool>{false, false, true, true});
  CHECK(nucleus.p[2] == Approx(3.0 / 7.0).epsilon(1e-13));
  // Top-k 2 then top-p 0.5 over [3/7, 4/7]: token 3 alone reaches it.
  const ref::Distribution both = ref::sampling_distribution(logits, 1.0, 2, 0.5);
  CHECK(both.kept == std::vector<bool>{false, false, false, true});
  // Temperature 0.5 squares the probabilities: [1, 4, 9, 16] / 30.
  const ref::Distribution cold = ref::sampling_distribution(logits, 0.5, 0, 1.0);
  CHECK(cold.p[3] == Approx(16.0 / 30.0).epsilon(1e-13));
  // Temperature 0: the first of the largest logits, and no draw.
  const kt::Tensor tied = kt::from_vector(std::vector<double>{1.0, 5.0, 5.0}, {3});
  kt::Generator gen(7), untouched(7);
  CHECK(ref::sample_token(tied, 0.0, 0, 1.0, gen) == 1);
  CHECK(gen.next_u64() == untouched.next_u64());
  // Rounding that leaves the running sum below u gives the last kept token.
  const ref::Distribution short_sum{{true, false, true}, {0.5, 0.0, 0.4999999}};
  CHECK(ref::pick(short_sum, 0.9999999) == 2);
}
