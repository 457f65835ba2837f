// grader/lib/kit.hpp: what a same-shape kata says of a result of the wrong shape or dtype, a
// detector's verdict on a case; grader/lib/learner_call.hpp: an argument outside the API.
#include <catch2/catch.hpp>

#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

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

namespace {

struct ToyCase {
  kt::Tensor x;
  [[nodiscard]] std::vector<std::pair<std::string, std::string>> describe() const {
    return {{"x", grader::values_text(x)}};
  }
};

// A same-shape kata whose answer is x itself, its learner's call scripted.
grader::SameShapeKata<ToyCase> toy_kata(std::function<grader::Run(const ToyCase&)> call) {
  return {.input = [](const ToyCase& c) -> const kt::Tensor& { return c.x; },
          .call = std::move(call),
          .call_text = [](const ToyCase&) { return std::string("f(x)"); },
          .shape_words = [](const ToyCase&) { return std::string("f keeps x's shape"); },
          .reference = [](const ToyCase& c) { return c.x; },
          .matches = [](const ToyCase&, const kt::Tensor& a,
                        const kt::Tensor& b) { return grader::close(a, b); },
          .tolerance = [](const ToyCase&) { return std::string("rtol 1e-9"); }};
}

grader::Run returning(const kt::Tensor& out) {
  grader::Run run;
  run.out = out;
  return run;
}

// The steps that explain a result: "doubled" when it is 2x.
std::optional<std::string> doubled(const ToyCase& c, const kt::Tensor& got) {
  if (grader::close(got, c.x * 2.0)) return std::string("doubled");
  return std::nullopt;
}

std::optional<grader::Failure> detect(const grader::SameShapeKata<ToyCase>& kata,
                                      const ToyCase& c) {
  return kata.detected<std::string>(
      c, "the_pitfall", [&](const kt::Tensor& got) { return doubled(c, got); },
      [](const ToyCase&, const std::string& steps) { return "your result is " + steps; });
}

}  // namespace

TEST_CASE("a detector names its pitfall when its steps explain a result the case gives again",
          "[kit]") {
  const ToyCase c{kt::arange(3.0)};
  int calls = 0;
  const auto kata = toy_kata([&](const ToyCase& k) {
    ++calls;
    return returning(k.x * 2.0);
  });
  const std::optional<grader::Failure> f = detect(kata, c);
  REQUIRE(f.has_value());
  CHECK(f->pitfall == "the_pitfall");
  CHECK(f->message == "your result is doubled");
  CHECK(calls == 2);  // the case again, to see the same result
}

TEST_CASE("a detector names nothing when the same case called again gives another result",
          "[kit]") {
  // A counter of its own: 2x on the first call, 3x on the second.
  const ToyCase c{kt::arange(3.0)};
  int calls = 0;
  const auto kata =
      toy_kata([&](const ToyCase& k) { return returning(k.x * double(1 + ++calls)); });
  CHECK_FALSE(detect(kata, c).has_value());
}

TEST_CASE("a detector names nothing on a right result or one its steps do not explain", "[kit]") {
  const ToyCase c{kt::arange(1.0, 4.0)};
  CHECK_FALSE(detect(toy_kata([](const ToyCase& k) { return returning(k.x); }), c).has_value());
  CHECK_FALSE(
      detect(toy_kata([](const ToyCase& k) { return returning(k.x + 1.0); }), c).has_value());
}

TEST_CASE("a detector whose case comes back in another shape could not check it", "[kit]") {
  const ToyCase c{kt::arange(3.0)};
  const std::optional<grader::Failure> f =
      detect(toy_kata([](const ToyCase&) { return returning(kt::zeros({2})); }), c);
  REQUIRE(f.has_value());
  CHECK(f->skipped);
  CHECK(f->unchecked == "the_pitfall");
  CHECK(f->message ==
        "could not check for the_pitfall: the result has shape [2]; f keeps x's "
        "shape.");
}

TEST_CASE("an argument outside the API must throw kt::ValueError", "[kit]") {
  const auto stopped = [] {
    grader::Failure f;
    f.message = "stopped";
    return f;
  };
  const std::vector<std::pair<std::string, std::string>> shown = {{"top_p", "1.5"}};
  grader::Run threw_value_error;
  threw_value_error.value_error = true;
  threw_value_error.error = "kt::ValueError: top_p must be in (0, 1]";
  CHECK_FALSE(grader::value_error_expected(threw_value_error, stopped, "top_p = 1.5", "returned",
                                           "Check it.", shown)
                  .has_value());

  const auto returned = grader::value_error_expected(returning(kt::zeros({1})), stopped,
                                                     "top_p = 1.5 (it must be in (0, 1])",
                                                     "returned token 0", "Check it.", shown);
  REQUIRE(returned.has_value());
  CHECK(returned->message ==
        "top_p = 1.5 (it must be in (0, 1]) is outside the API, so the call must throw "
        "kt::ValueError saying which argument and why; it returned token 0. Check it.");
  CHECK(returned->counterexample == shown);

  grader::Run threw_other;
  threw_other.shape_error = true;
  threw_other.error = "kt::ShapeError: no";
  const auto other = grader::value_error_expected(threw_other, stopped, "top_p = 1.5", "returned",
                                                  "Check it.", shown, ", even at temperature 0");
  REQUIRE(other.has_value());
  CHECK(other->message ==
        "top_p = 1.5 is outside the API, so the call must throw kt::ValueError saying which "
        "argument and why, even at temperature 0; it threw kt::ShapeError: no. Check it.");

  grader::Run stub;
  stub.not_implemented = true;
  const auto not_started =
      grader::value_error_expected(stub, stopped, "top_p = 1.5", "returned", "Check it.", shown);
  REQUIRE(not_started.has_value());
  CHECK(not_started->message == "stopped");
}
