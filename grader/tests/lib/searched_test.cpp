// A pitfall explained by a searched simulation (grader/lib/searched.hpp), on toy switches.
#include <catch2/catch.hpp>
#include <optional>
#include <vector>

#include "grader/lib/searched.hpp"

namespace {

// Two switches; the right computation is {false, false}. Each makes the pitfall of its name.
struct Steps {
  bool a = false, b = false;
};
struct Made {
  bool a = false, b = false;
};
Made made(const Steps& s) { return {s.a, s.b}; }
const std::vector<Steps> kSearched = {{false, false}, {true, false}, {false, true}, {true, true}};

}  // namespace

TEST_CASE("a pitfall is named when every setting that reproduces the output makes it",
          "[searched]") {
  // Outputs reproduced by {true, false} alone: a, not b.
  const auto only_a = [](const Steps& s) { return s.a && !s.b; };
  const std::optional<Steps> a = grader::explained_by(kSearched, &Made::a, made, only_a);
  REQUIRE(a.has_value());
  CHECK((a->a && !a->b));
  CHECK_FALSE(grader::explained_by(kSearched, &Made::b, made, only_a).has_value());
}

TEST_CASE("both mistakes of a double are named, each by its own search", "[searched]") {
  const auto both = [](const Steps& s) { return s.a && s.b; };
  CHECK(grader::explained_by(kSearched, &Made::a, made, both).has_value());
  CHECK(grader::explained_by(kSearched, &Made::b, made, both).has_value());
}

TEST_CASE("an output a setting without the pitfall also reproduces is not named", "[searched]") {
  // {true, false} and {false, true} give the same output here: a is not certain.
  const auto either = [](const Steps& s) { return s.a != s.b; };
  CHECK_FALSE(grader::explained_by(kSearched, &Made::a, made, either).has_value());
  CHECK_FALSE(grader::explained_by(kSearched, &Made::b, made, either).has_value());
}

TEST_CASE("an output no setting reproduces names nothing", "[searched]") {
  const auto none = [](const Steps&) { return false; };
  CHECK_FALSE(grader::explained_by(kSearched, &Made::a, made, none).has_value());
}

TEST_CASE("the first setting found is the one reported", "[searched]") {
  // {true, false} and {true, true} both reproduce it and both make a: the first one comes back.
  const auto with_a = [](const Steps& s) { return s.a; };
  const std::optional<Steps> a = grader::explained_by(kSearched, &Made::a, made, with_a);
  REQUIRE(a.has_value());
  CHECK_FALSE(a->b);
}

TEST_CASE("single slips are the settings at most one switch off the right one", "[searched]") {
  const std::vector<Steps> one =
      grader::one_slip_at_most(kSearched, [](const Steps& s) { return int(s.a) + int(s.b); });
  REQUIRE(one.size() == 3);
  CHECK((!one[0].a && !one[0].b));
  CHECK((one[1].a && !one[1].b));
  CHECK((!one[2].a && one[2].b));
}
