// grader/lib/words.hpp: the messages' lists and numbers.
#include <catch2/catch.hpp>

#include "grader/lib/words.hpp"

TEST_CASE("a list of names reads as English", "[words]") {
  CHECK(grader::and_list({}).empty());
  CHECK(grader::and_list({"x"}) == "x");
  CHECK(grader::and_list({"x", "weight"}) == "x and weight");
  CHECK(grader::and_list({"x", "weight", "bias"}) == "x, weight and bias");
}

TEST_CASE("a number is written as a stream writes it, to the digits asked", "[words]") {
  CHECK(grader::number_text(1e-5) == "1e-05");
  CHECK(grader::number_text(0.1) == "0.1");
  CHECK(grader::number_text(3.0) == "3");
  CHECK(grader::number_text(1.0 / 3.0) == "0.333333");
  CHECK(grader::number_text(1.0 / 3.0, 3) == "0.333");
}
