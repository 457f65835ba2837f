// grader/lib/property.hpp: a check's cases, its smallest failing one, and the mistake past a wrong
// shape (Note [past a wrong shape] in property.cpp).
#include <rapidcheck.h>
#include <catch2/catch.hpp>

#include <optional>
#include <string>

#include "grader/lib/property.hpp"

namespace {

using grader::Failure;
using grader::Wrong;

/// A learner's mistake on a case of width n (1 to 8): its result has the wrong shape when n is
/// odd and wrong values when n >= value_from (never, past 8).
std::optional<Failure> width_case(int value_from, Wrong wrong = Wrong::Shape) {
  const int n = *rc::gen::inRange(1, 9).as("n");
  Failure f;
  f.counterexample = {{"n", std::to_string(n)}};
  if (n % 2 == 1) {
    f.message = "the result has the wrong shape";
    f.wrong = wrong;
    return f;
  }
  if (n >= value_from) {
    f.message = "the values differ";
    return f;
  }
  return std::nullopt;
}

std::string n_of(const grader::Outcome& o) {
  for (const auto& [name, value] : o.failure.counterexample)
    if (name == "n") return value;
  return "";
}

}  // namespace

TEST_CASE(
    "a wrong shape and a wrong value: the check reports the value on a case of the right "
    "shape",
    "[grader]") {
  const grader::Outcome o = grader::run_property(7, 100, [] { return width_case(4); });
  REQUIRE_FALSE(o.passed);
  CHECK(o.failure.wrong == Wrong::None);
  CHECK(n_of(o) == "4");  // shrunk to the smallest case of the right shape that fails
  CHECK(o.failure.message ==
        "the values differ (On other cases your result has the wrong shape, reported apart; on "
        "this one it comes out right, so its values can be compared.)");
}

TEST_CASE("a wrong dtype is named as such past it", "[grader]") {
  const grader::Outcome o =
      grader::run_property(7, 100, [] { return width_case(4, Wrong::Dtype); });
  REQUIRE_FALSE(o.passed);
  CHECK(o.failure.message ==
        "the values differ (On other cases your result has the wrong dtype, reported apart; on "
        "this one it comes out right, so its values can be compared.)");
}

TEST_CASE("a wrong shape with right values wherever the shape is right stays the shape's failure",
          "[grader]") {
  const grader::Outcome o = grader::run_property(7, 100, [] { return width_case(100); });
  REQUIRE_FALSE(o.passed);
  CHECK(o.failure.wrong == Wrong::Shape);
  CHECK(o.failure.message == "the result has the wrong shape");
  CHECK(n_of(o) == "1");
}

TEST_CASE(
    "a result whose shape is never right keeps its failure, at the cost of the cases once "
    "more",
    "[grader]") {
  const auto calls_for = [](Wrong wrong) {
    int calls = 0;
    const grader::Outcome o = grader::run_property(7, 50, [&]() -> std::optional<Failure> {
      ++calls;
      Failure f;
      f.message = "the result has the wrong shape";
      f.wrong = wrong;
      return f;
    });
    REQUIRE_FALSE(o.passed);
    CHECK(o.failure.wrong == wrong);
    CHECK(o.failure.message == "the result has the wrong shape");
    return calls;
  };
  CHECK(calls_for(Wrong::Shape) == calls_for(Wrong::None) + 50);
}

TEST_CASE("a value mistake alone is reported as before, without the note", "[grader]") {
  const grader::Outcome o = grader::run_property(7, 100, []() -> std::optional<Failure> {
    const int n = *rc::gen::inRange(1, 9).as("n");
    if (n < 3) return std::nullopt;
    Failure f;
    f.message = "the values differ";
    return f;
  });
  REQUIRE_FALSE(o.passed);
  CHECK(o.failure.message == "the values differ");
  CHECK(n_of(o) == "3");
}

TEST_CASE("the work after shrinking runs once, on the failure reported", "[grader]") {
  int runs = 0;
  const grader::Outcome o = grader::run_property(7, 100, [&] {
    std::optional<Failure> f = width_case(4);
    if (f) f->after_shrinking = [&runs](Failure& g) { ++runs, g.diagnosis = g.message; };
    return f;
  });
  CHECK(runs == 1);
  CHECK(o.failure.diagnosis.rfind("the values differ", 0) == 0);
}

TEST_CASE("past a wrong shape, a case that throws is not taken for a mistake in the values",
          "[grader]") {
  const grader::Outcome o = grader::run_property(7, 100, []() -> std::optional<Failure> {
    std::optional<Failure> f = width_case(100);
    if (f) return f;
    Failure threw;
    threw.message = "the call threw";
    threw.threw = "kt::Error: cat: sizes of tensors must match";
    return threw;  // on every case of the right shape
  });
  REQUIRE_FALSE(o.passed);
  CHECK(o.failure.wrong == Wrong::Shape);
  CHECK(o.failure.message == "the result has the wrong shape");
}

TEST_CASE("without shrinking, the first failing case is kept and the body runs no more after it",
          "[grader]") {
  // Widths from 5 fail. Shrinking tries smaller widths after the first failure (runs go on);
  // without it the property stops there.
  int runs = 0, runs_at_first = 0, first_failing = 0;
  const auto body = [&]() -> std::optional<Failure> {
    ++runs;
    const int n = *rc::gen::inRange(1, 9).as("n");
    if (n < 5) return std::nullopt;
    if (first_failing == 0) first_failing = n, runs_at_first = runs;
    Failure f;
    f.counterexample = {{"n", std::to_string(n)}};
    f.message = "the values differ";
    return f;
  };
  const grader::Outcome kept = grader::run_property(11, 100, body, {}, /*shrink=*/false);
  REQUIRE_FALSE(kept.passed);
  CHECK(n_of(kept) == std::to_string(first_failing));
  CHECK(runs <= runs_at_first + 1);  // RapidCheck may run the failing case once more
  runs = runs_at_first = first_failing = 0;
  const grader::Outcome shrunk = grader::run_property(11, 100, body);
  REQUIRE_FALSE(shrunk.passed);
  CHECK(n_of(shrunk) == "5");
  CHECK(runs > runs_at_first + 1);
}

namespace {

/// The smallest D of a failing property over drawn shapes: a case fails when D <= 3.
std::string smallest_failing_d(bool d_min_last) {
  const grader::RowsShape spec{.rank_min = 1,
                               .rank_max = 2,
                               .size_max = 3,
                               .d_min = 2,
                               .d_max = 6,
                               .d_min_last = d_min_last};
  const grader::Outcome o = grader::run_property(3, 100, [&]() -> std::optional<Failure> {
    const kt::Shape shape = grader::draw_rows_shape(spec);
    CHECK((shape.size() >= 1 && shape.size() <= 2));
    CHECK((shape.back() >= 2 && shape.back() <= 6));
    if (shape.back() > 3) return std::nullopt;
    Failure f;
    f.counterexample = {{"D", std::to_string(shape.back())}};
    return f;
  });
  REQUIRE_FALSE(o.passed);
  for (const auto& [name, value] : o.failure.counterexample)
    if (name == "D") return value;
  return "";
}

}  // namespace

TEST_CASE("a shape's last axis shrinks to its smallest size, or past it when drawn last",
          "[grader]") {
  CHECK(smallest_failing_d(false) == "2");
  // Rows of two values look alike under many mistakes: a failure at D = 3 is shown instead.
  CHECK(smallest_failing_d(true) == "3");
}
