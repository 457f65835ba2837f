// grader/lib/kit.hpp: what a same-shape kata says of a result of the wrong shape or dtype.
#include <catch2/catch.hpp>

#include "grader/lib/kit.hpp"

namespace {

std::string shape_message(const kt::Shape& got, const kt::Shape& input) {
  return grader::wrong_result(kt::zeros(got), kt::zeros(input), "f keeps x's shape", "").message;
}

}  // namespace

TEST_CASE("a result of x's sizes in another order is said to have an axis moved", "[grader]") {
  CHECK(shape_message({1, 2}, {2, 1}) ==
        "the result has shape [1, 2]; f keeps x's shape (x's sizes in another order: an axis "
        "moved and not moved back?).");
  CHECK(shape_message({2, 4, 3}, {2, 3, 4}).find("an axis moved") != std::string::npos);
}

TEST_CASE("a result with fewer axes than x is said to have lost one", "[grader]") {
  CHECK(
      shape_message({2}, {2, 3}) ==
      "the result has shape [2]; f keeps x's shape (an axis lost: a reduction without keepdim?).");
}

TEST_CASE("a wrong shape the two shapes explain no way gets no guess", "[grader]") {
  CHECK(shape_message({2, 5}, {2, 3}) == "the result has shape [2, 5]; f keeps x's shape.");
  CHECK(shape_message({2, 3, 1}, {2, 3}) == "the result has shape [2, 3, 1]; f keeps x's shape.");
}

TEST_CASE("a result of x's shape in another dtype says the kata's dtype words", "[grader]") {
  const grader::Failure f =
      grader::wrong_result(kt::zeros({2}, kt::Float32), kt::zeros({2}), "", "return x's dtype.");
  CHECK(f.message == "the result is float32 for a float64 x: return x's dtype.");
}
