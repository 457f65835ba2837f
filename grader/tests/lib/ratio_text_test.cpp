// How a ratio reads (grader/report/ratio_text.hpp).
#include <catch2/catch.hpp>
#include <cmath>

#include "grader/report/ratio_text.hpp"

using report::ratio_reading;

TEST_CASE("a square root of a size reads as one, on either side of 1", "[ratio_text]") {
  CHECK(ratio_reading(std::sqrt(3.0)) == "sqrt(3)");
  CHECK(ratio_reading(1 / std::sqrt(2.0)) == "1 / sqrt(2)");
  CHECK(ratio_reading(std::sqrt(4.0 / 5.0)) == "sqrt(4/5)");
}

TEST_CASE("a division by 1 - p reads as one, a whole number does not", "[ratio_text]") {
  CHECK(ratio_reading(1 / 0.7) == "1 / 0.7");
  CHECK(ratio_reading(2.0).empty());
  CHECK(ratio_reading(0.9).empty());
}

TEST_CASE("one over a size reads as one where its digits do not say it", "[ratio_text]") {
  CHECK(ratio_reading(1.0 / 3) == "1 / 3");
  CHECK(ratio_reading(1.0 / 7) == "1 / 7");
  // Their digits say it already.
  CHECK(ratio_reading(0.5).empty());
  CHECK(ratio_reading(0.25).empty());
  CHECK(ratio_reading(0.0625).empty());
  // Near 1 / 3, not it.
  CHECK(ratio_reading(0.333).empty());
}

TEST_CASE("a logarithm's change of base reads as ln 2 or ln 10", "[ratio_text]") {
  CHECK(ratio_reading(std::log(2.0)) == "ln 2");
  CHECK(ratio_reading(1 / std::log(2.0)) == "1 / ln 2");
  CHECK(ratio_reading(1 / std::log(10.0)) == "1 / ln 10");
  // Near ln 2, not it.
  CHECK(ratio_reading(0.6931).empty());
}

TEST_CASE("no reading for nothing to read", "[ratio_text]") {
  CHECK(ratio_reading(0.0).empty());
  CHECK(ratio_reading(INFINITY).empty());
  CHECK(ratio_reading(NAN).empty());
}
