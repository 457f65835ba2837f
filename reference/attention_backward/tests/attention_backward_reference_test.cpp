// The attention_backward reference against PyTorch's autograd (float64), and against properties
// worked out by hand.
#include <catch2/catch.hpp>
#include <vector>

#include "kt/tensor.hpp"
#include "reference/attention_backward/attention_backward.hpp"
#include "reference/common/golden_file.hpp"

TEST_CASE("the attention_backward reference matches PyTorch's autograd", "[reference][golden]") {
  const auto cases = ref::golden::load(
      KT_REFERENCE_DIR "/attention_backward/tests/data/attention_backward_cases.txt");
  REQUIRE(cases.size() == 6);
  for (const auto& c : cases) {
    INFO("case " << c.name);
    const kt::Shape shape = c.shape("shape");
    const ref::AttentionGrads got =
        ref::attention_backward(c.tensor("q", shape), c.tensor("k", shape), c.tensor("v", shape),
                                c.tensor("dout", shape), c.shape("causal")[0] != 0);
    CHECK(kt::allclose(got.dq, c.tensor("dq", shape), 1e-10, 1e-12));
    CHECK(kt::allclose(got.dk, c.tensor("dk", shape), 1e-10, 1e-12));
    CHECK(kt::allclose(got.dv, c.tensor("dv", shape), 1e-10, 1e-12));
  }
}

TEST_CASE("the attention_backward reference gives one token all of dout as dv and no dq or dk",
          "[reference]") {
  // T = 1: the weight is 1 whatever the score, so dv = dout and the scores get no gradient.
  const kt::Tensor q = kt::from_vector(std::vector<double>{0.5, -1.0}, {1, 2});
  const kt::Tensor k = kt::from_vector(std::vector<double>{2.0, 3.0}, {1, 2});
  const kt::Tensor v = kt::from_vector(std::vector<double>{1.0, 1.0}, {1, 2});
  const kt::Tensor dout = kt::from_vector(std::vector<double>{0.25, -4.0}, {1, 2});
  const ref::AttentionGrads g = ref::attention_backward(q, k, v, dout, true);
  CHECK(g.dv.to_vector<double>() == std::vector<double>{0.25, -4.0});
  CHECK(g.dq.to_vector<double>() == std::vector<double>{0.0, 0.0});
  CHECK(g.dk.to_vector<double>() == std::vector<double>{0.0, 0.0});
}

TEST_CASE("the attention_backward reference refuses mismatched shapes", "[reference]") {
  const kt::Tensor x = kt::ones({3, 2});
  CHECK_THROWS_AS(ref::attention_backward(x, x, x, kt::ones({3, 3}), false), kt::ShapeError);
}
