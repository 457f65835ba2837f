// The softmax reference against torch.softmax's recorded outputs (float64), and against values
// worked out by hand.
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <vector>

#include "kt/tensor.hpp"
#include "reference/common/golden_file.hpp"
#include "reference/softmax/softmax.hpp"

TEST_CASE("the softmax reference matches torch.softmax within rtol 1e-10, atol 1e-12",
          "[reference][golden]") {
  const auto cases = ref::golden::load(KT_REFERENCE_DIR "/softmax/tests/data/softmax_cases.txt");
  REQUIRE(cases.size() == 9);
  for (const auto& c : cases) {
    INFO("case " << c.name);
    const kt::Shape shape = c.shape("shape");
    const kt::Tensor got = ref::softmax(c.tensor("x", shape), c.shape("dim")[0]);
    CHECK(kt::allclose(got, c.tensor("out", shape), 1e-10, 1e-12));
  }
}

TEST_CASE("the softmax reference gives the values worked out by hand", "[reference]") {
  const double inf = std::numeric_limits<double>::infinity();
  const double lowest = kt::finfo(kt::Float64).min;
  // Rows: log(1), log(3) -> 1/4, 3/4; equal huge logits; -inf beside a finite entry; all lowest.
  const kt::Tensor x = kt::from_vector(
      std::vector<double>{0.0, std::log(3.0), 1000.0, 1000.0, -inf, 5.0, lowest, lowest}, {4, 2});
  const kt::Tensor expected =
      kt::from_vector(std::vector<double>{0.25, 0.75, 0.5, 0.5, 0.0, 1.0, 0.5, 0.5}, {4, 2});
  CHECK(kt::allclose(ref::softmax(x, -1), expected, 1e-15, 1e-15));
  // Along the first axis: the columns of x.t() are x's rows.
  CHECK(kt::allclose(ref::softmax(x.transpose(0, 1), 0), expected.transpose(0, 1), 1e-15, 1e-15));
}

TEST_CASE("the softmax reference returns Float64 of x's shape, and refuses a dim out of range",
          "[reference]") {
  const kt::Tensor x = kt::zeros({2, 3, 4}, kt::Float32);
  const kt::Tensor got = ref::softmax(x, 1);
  CHECK(got.dtype() == kt::Float64);
  CHECK(got.sizes() == kt::Shape{2, 3, 4});
  CHECK(kt::allclose(got, kt::full({2, 3, 4}, 1.0 / 3.0), 1e-15, 1e-15));
  CHECK_THROWS_AS(ref::softmax(x, 3), kt::IndexError);
  CHECK_THROWS_AS(ref::softmax(x, -4), kt::IndexError);
}
