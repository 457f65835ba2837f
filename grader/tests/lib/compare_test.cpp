// grader/lib/compare.hpp: the one tolerance, and which slice a failure shows.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "grader/lib/compare.hpp"

namespace {

kt::Tensor matrix(std::vector<double> values) { return kt::from_vector(values, {2, 3}); }

}  // namespace

TEST_CASE("show_worst_row shows the row along the last axis where got differs most", "[grader]") {
  grader::Failure f;
  grader::show_worst_row(matrix({1, 2, 3, 4, 5, 6}), matrix({1, 2, 3, 4, 5, 7}), f);
  CHECK(f.expected == "out[1, :] = [4, 5, 7]");
  CHECK(f.got == "out[1, :] = [4, 5, 6]");
}

TEST_CASE("show_worst_row along another axis shows that slice, ':' in its place", "[grader]") {
  grader::Failure f;
  grader::show_worst_row(matrix({1, 2, 3, 4, 5, 6}), matrix({1, 2, 3, 4, 9, 6}), f, "w", 0);
  CHECK(f.expected == "w[:, 1] = [2, 9]");
  CHECK(f.got == "w[:, 1] = [2, 5]");
  const kt::Tensor got = kt::arange(24).reshape({2, 3, 4}).to(kt::Float64);
  kt::Tensor expected = got.clone();
  expected.narrow(0, 1, 1).narrow(1, 2, 1).narrow(2, 3, 1).fill_(-1.0);  // entry [1, 2, 3]
  grader::show_worst_row(got, expected, f, "out", -2);
  CHECK(f.got == "out[1, :, 3] = [15, 19, 23]");
}

TEST_CASE("show_worst_row counts NaN as the largest difference, and shows it as nan", "[grader]") {
  grader::Failure f;
  // 0 / 0 is a NaN with its sign bit set, which printf shows as "-nan".
  const double minus_nan = std::copysign(NAN, -1.0);
  grader::show_worst_row(matrix({minus_nan, 2, 3, 4, 5, 60}), matrix({1, 2, 3, 4, 5, 6}), f);
  CHECK(f.got == "out[0, :] = [nan, 2, 3]");
}

TEST_CASE(
    "float32_rounding_note names a float32-sized difference, hedged unless the values are "
    "float32's, and nothing else",
    "[grader]") {
  const kt::Tensor expected = matrix({1, 2, 3, 4, 5, 6});
  const kt::Tensor off_by_float32 = expected * (1.0 + 3e-8);
  // Values that are not float32's: float32 inside, or a small term placed otherwise.
  CHECK(grader::float32_rounding_note(off_by_float32, expected, "float64") ==
        " The difference is tiny (about 3e-08 relative): a small term such as eps left out or put "
        "in another place leaves that much, and so does float32 arithmetic inside (keep every "
        "step in float64).");
  CHECK(grader::float32_rounding_note(expected * 1.01, expected, "float64").empty());
  CHECK(grader::float32_rounding_note(matrix({NAN, 2, 3, 4, 5, 6}), expected, "float64").empty());
  // 2e-6 is more than a few float32 roundings: rounding only when the values are float32's.
  const kt::Tensor off_more = expected * (1.0 + 2e-6);
  CHECK(grader::float32_rounding_note(off_more, expected, "float64").empty());
  const kt::Tensor made_in_float32 = off_more.to(kt::Float32).to(kt::Float64);
  CHECK(grader::float32_rounding_note(made_in_float32, expected, "float64") ==
        " The difference is tiny (about 2e-06 relative), the size float32 arithmetic leaves: keep "
        "every step in float64.");
}

TEST_CASE("show_worst_row prints as many digits as it takes for different rows to differ",
          "[grader]") {
  grader::Failure f;
  grader::show_worst_row(matrix({1, 2, 3, 4, 5, 6.0000001}), matrix({1, 2, 3, 4, 5, 6}), f);
  CHECK(f.expected == "out[1, :] = [4, 5, 6]");
  CHECK(f.got == "out[1, :] = [4, 5, 6.0000001]");
  CHECK(f.difference == "largest |got - expected| = 1e-07");
}

TEST_CASE(
    "difference_text gives the largest difference, and the difference or ratio when it is constant",
    "[grader]") {
  CHECK(grader::difference_text(matrix({2, 4, 6, 8, 10, 12}), matrix({1, 2, 3, 4, 5, 6})) ==
        "largest |got - expected| = 6; got = 2 x expected, everywhere");
  // Zeros where expected is zero keep the ratio; a ratio that varies, or 1, is not shown.
  CHECK(grader::difference_text(matrix({0, 0.5, 1, 1.5, 2, 2.5}), matrix({0, 1, 2, 3, 4, 5})) ==
        "largest |got - expected| = 2.5; got = 0.5 x expected, everywhere");
  // A ratio that reads as a square root, or as 1 / (1 - p), says so.
  const kt::Tensor e = matrix({1, 2, 3, 4, 5, 6});
  CHECK(grader::difference_text(e / std::sqrt(3.0), e) ==
        "largest |got - expected| = 2.54; got = 0.57735 x expected (1 / sqrt(3)), everywhere");
  CHECK(grader::difference_text(e / 0.7, e) ==
        "largest |got - expected| = 2.57; got = 1.42857 x expected (1 / 0.7), everywhere");
  CHECK(grader::difference_text(matrix({1, 2, 3, 4, 5, 7}), matrix({1, 2, 3, 4, 5, 6})) ==
        "largest |got - expected| = 1");
  CHECK(grader::difference_text(matrix({1, 2, 3, 4, 5, 6}), matrix({1, 2, 3, 4, 5, 6})).empty());
  CHECK(grader::difference_text(matrix({1, 2, 3, 4, 5, NAN}), matrix({1, 2, 3, 4, 5, 6})).empty());
  // A constant difference, over three values or more.
  CHECK(grader::difference_text(matrix({1.25, 2.25, 3.25, 4.25, 5.25, 6.25}),
                                matrix({1, 2, 3, 4, 5, 6})) ==
        "largest |got - expected| = 0.25; got = expected + 0.25, everywhere");
  CHECK(
      grader::difference_text(matrix({0.5, 1.5, 2.5, 3.5, 4.5, 5.5}), matrix({1, 2, 3, 4, 5, 6})) ==
      "largest |got - expected| = 0.5; got = expected - 0.5, everywhere");
  // A difference of rounding is no offset.
  CHECK(grader::difference_text(matrix({1, 2, 3, 4, 5, 6}) + 1e-13, matrix({1, 2, 3, 4, 5, 6}))
            .find("everywhere") == std::string::npos);
  // One value always has "a constant ratio": not shown. Two have one only when both are scaled
  // alike: shown then, not otherwise.
  CHECK(grader::difference_text(kt::from_vector(std::vector<double>{2.0}, {1}),
                                kt::from_vector(std::vector<double>{1.0}, {1})) ==
        "largest |got - expected| = 1");
  CHECK(grader::difference_text(kt::from_vector(std::vector<double>{0.5, -1.5}, {2}),
                                kt::from_vector(std::vector<double>{1.0, -3.0}, {2})) ==
        "largest |got - expected| = 1.5; got = 0.5 x expected, everywhere");
  CHECK(grader::difference_text(kt::from_vector(std::vector<double>{0.5, -2.0}, {2}),
                                kt::from_vector(std::vector<double>{1.0, -3.0}, {2})) ==
        "largest |got - expected| = 1");
}

TEST_CASE("same_as_mistake takes NaN as equal to NaN, and nothing else it would not take as close",
          "[grader]") {
  const double nan = std::nan("");
  const auto vec = [](std::vector<double> values, kt::Shape shape) {
    return kt::from_vector(values, shape);
  };
  const kt::Tensor mistake = vec({nan, 1.0}, {2});
  CHECK(grader::same_as_mistake(vec({nan, 1.0}, {2}), mistake));
  CHECK_FALSE(grader::close(vec({nan, 1.0}, {2}), mistake));
  CHECK_FALSE(grader::same_as_mistake(vec({0.0, 1.0}, {2}), mistake));
  CHECK_FALSE(grader::same_as_mistake(vec({nan, 1.1}, {2}), mistake));
  CHECK_FALSE(grader::same_as_mistake(vec({nan, 1.0}, {1, 2}), mistake));
  CHECK_FALSE(grader::same_as_mistake(kt::Tensor(), mistake));
  CHECK_FALSE(grader::same_as_mistake(mistake, kt::Tensor()));
}

TEST_CASE("texts_that_differ prints two different numbers with the digits that tell them apart",
          "[grader]") {
  using Texts = std::pair<std::string, std::string>;
  CHECK(grader::texts_that_differ(2.0173712, 2.0173734) == Texts{"2.017371", "2.017373"});
  CHECK(grader::texts_that_differ(0.5, 0.25) == Texts{"0.5", "0.25"});
  // Equal numbers print alike, with the default six digits.
  CHECK(grader::texts_that_differ(1.0 / 3, 1.0 / 3) == Texts{"0.333333", "0.333333"});
  // A float32 rounding away: still told apart, within double's 17 digits.
  const double a = 1.0, b = std::nextafter(1.0, 2.0);
  const Texts t = grader::texts_that_differ(a, b);
  CHECK(t.first != t.second);
}

TEST_CASE("show_worst_row shows a 0-d result as its one number, with the digits that differ",
          "[grader]") {
  grader::Failure f;
  grader::show_worst_row(kt::scalar_tensor(0.1234567), kt::scalar_tensor(0.1234561), f, "param");
  CHECK(f.expected == "param = 0.123456");
  CHECK(f.got == "param = 0.123457");
  CHECK(f.difference == "largest |got - expected| = 6e-07");
  // Closer: more digits, until they differ.
  grader::show_worst_row(kt::scalar_tensor(0.12345671), kt::scalar_tensor(0.12345672), f, "loss");
  CHECK(f.expected == "loss = 0.12345672");
  CHECK(f.got == "loss = 0.12345671");
}

TEST_CASE("causal outputs apart by rounding only are said so, with the size of the change",
          "[compare]") {
  const kt::Tensor before = kt::from_vector(std::vector<double>{0.25, -3.0}, {2});
  const kt::Tensor nudged =
      kt::from_vector(std::vector<double>{std::nextafter(0.25, 1.0), -3.0}, {2});
  const kt::Tensor moved = kt::from_vector(std::vector<double>{0.26, -3.0}, {2});
  CHECK(grader::apart_by_rounding_only(before, nudged));
  CHECK_FALSE(grader::apart_by_rounding_only(before, before));  // not apart at all
  CHECK_FALSE(grader::apart_by_rounding_only(before, moved));
  CHECK(grader::rounding_only_causality(before, nudged) ==
        " The outputs moved by rounding only (5.55e-17 at most): your code computes a value every "
        "query uses that the later tokens change too (a maximum or a sum over the whole tensor, or "
        "over every key before the mask), and it moves the last bits of the earlier outputs.");
  CHECK(grader::rounding_only_causality(before, moved).empty());
}
