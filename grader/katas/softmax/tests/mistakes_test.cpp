// The softmax kata's mistake simulations (grader/katas/softmax/mistakes.hpp), on values worked
// out by hand.
#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "grader/katas/softmax/mistakes.hpp"
#include "reference/softmax/softmax.hpp"

namespace {

// log 1, log 3 in row 0; log 1, log 1 in row 1: row sums of exp are 4 and 2.
kt::Tensor logits() {
  return kt::from_vector(std::vector<double>{0.0, std::log(3.0), 0.0, 0.0}, {2, 2});
}

}  // namespace

TEST_CASE("sum_without_keepdim divides entry (i, j) by the sum of row j", "[grader][softmax]") {
  // Maxima subtracted first (log 3 and 0): e = [[1/3, 1], [1, 1]], row sums 4/3 and 2.
  const kt::Tensor got = grader::kata_softmax::sum_without_keepdim(logits(), -1);
  const kt::Tensor expected = kt::from_vector(
      std::vector<double>{(1.0 / 3) / (4.0 / 3), 1.0 / 2, 1.0 / (4.0 / 3), 1.0 / 2}, {2, 2});
  CHECK(kt::allclose(got, expected, 1e-15, 1e-15));
  // Along the first axis the sums line up: the mistake is the right answer there.
  CHECK(kt::allclose(grader::kata_softmax::sum_without_keepdim(logits(), 0),
                     ref::softmax(logits(), 0), 1e-15, 1e-15));
}

TEST_CASE("max_without_keepdim subtracts row j's maximum from column j", "[grader][softmax]") {
  // Maxima (log 3, 0) subtracted along the last axis: [[0 - log 3, log 3 - 0], [-log 3, 0]].
  const kt::Tensor got = grader::kata_softmax::max_without_keepdim(logits(), -1);
  const double a = 1.0 / 3, b = 3.0;  // exp of row 0
  const double c = 1.0 / 3, d = 1.0;  // exp of row 1
  const kt::Tensor expected = kt::from_vector(
      std::vector<double>{a / (a + b), b / (a + b), c / (c + d), d / (c + d)}, {2, 2});
  CHECK(kt::allclose(got, expected, 1e-15, 1e-15));
}

TEST_CASE("max_over_axis subtracts a maximum taken along another axis", "[grader][softmax]") {
  // Softmax along the last axis with the column maxima (0, log 3) subtracted: row 0 becomes
  // (0, 0) -> (1/2, 1/2); row 1 (0, -log 3) -> (3/4, 1/4).
  const kt::Tensor got = grader::kata_softmax::max_over_axis(logits(), 1, 0);
  const kt::Tensor expected = kt::from_vector(std::vector<double>{0.5, 0.5, 0.75, 0.25}, {2, 2});
  CHECK(kt::allclose(got, expected, 1e-15, 1e-15));
}

TEST_CASE("a mistake that cannot run on x's shape gives an undefined tensor", "[grader][softmax]") {
  const kt::Tensor x = kt::zeros({2, 3});
  CHECK_FALSE(grader::kata_softmax::sum_without_keepdim(x, 1).defined());
  CHECK_FALSE(grader::kata_softmax::max_without_keepdim(x, 1).defined());
  CHECK(grader::kata_softmax::sum_without_keepdim(x, 0).defined());
}
