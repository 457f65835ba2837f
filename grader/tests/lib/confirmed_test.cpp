// A pitfall confirmed on two cases (grader/lib/confirmed.hpp), on a toy kata: a case is a number,
// the learner's call returns what a script says for it, and a result is "explained" by the steps
// named in the script.
#include <catch2/catch.hpp>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "grader/lib/confirmed.hpp"

namespace {

struct Answer {
  std::string steps;  // what explains it ("" for nothing), or "throws"
};

// Cases 1, 2, 3, ... in turn (each showing), and the learner's answer for each.
struct Toy {
  std::map<int, Answer> answers;
  int next = 1;
  int calls = 0;
  grader::ConfirmedSearch<int, Answer, std::string> search() {
    return {
        .showing = [this]() -> std::optional<int> { return next++; },
        .call =
            [this](const int& c) {
              ++calls;
              return answers[c];
            },
        .stopped = [](const int& c, const Answer& a) -> std::optional<grader::Failure> {
          if (a.steps != "throws") return std::nullopt;
          grader::Failure f;
          f.message = "case " + std::to_string(c) + " threw";
          return f;
        },
        .explained = [](const int&, const Answer& a) -> std::optional<std::string> {
          if (a.steps.empty() || a.steps == "throws") return std::nullopt;
          return a.steps;
        },
        .report =
            [](const int& c, const Answer&, const std::string& steps) {
              grader::Failure f;
              f.message = "case " + std::to_string(c) + " by " + steps;
              f.pitfall = "the_pitfall";
              return f;
            },
    };
  }
};

}  // namespace

TEST_CASE("a pitfall explaining two showing cases is named, with the first case", "[confirmed]") {
  Toy toy{{{1, {"slip A"}}, {2, {"slip B"}}}};
  const auto f = grader::confirmed_on_two(toy.search());
  REQUIRE(f.has_value());
  CHECK(f->message == "case 1 by slip A");
  CHECK(f->pitfall == "the_pitfall");
  CHECK(toy.calls == 2);
}

TEST_CASE("a pitfall explaining the first case only is not named", "[confirmed]") {
  Toy toy{{{1, {"slip A"}}, {2, {""}}}};
  CHECK_FALSE(grader::confirmed_on_two(toy.search()).has_value());
  CHECK(toy.calls == 2);
}

TEST_CASE("a first case the pitfall does not explain ends the check before a second call",
          "[confirmed]") {
  Toy toy{{{1, {""}}, {2, {"slip A"}}}};
  CHECK_FALSE(grader::confirmed_on_two(toy.search()).has_value());
  CHECK(toy.calls == 1);
}

TEST_CASE("a call that cannot be checked is reported as it is, on either case", "[confirmed]") {
  Toy first{{{1, {"throws"}}}};
  const auto f = grader::confirmed_on_two(first.search());
  REQUIRE(f.has_value());
  CHECK(f->message == "case 1 threw");
  CHECK(f->pitfall.empty());

  Toy second{{{1, {"slip A"}}, {2, {"throws"}}}};
  const auto g = grader::confirmed_on_two(second.search());
  REQUIRE(g.has_value());
  CHECK(g->message == "case 2 threw");
  CHECK(g->pitfall.empty());
}

TEST_CASE("no showing case, no call and nothing named", "[confirmed]") {
  Toy toy{{{1, {"slip A"}}}};
  auto search = toy.search();
  search.showing = [] { return std::optional<int>(); };
  CHECK_FALSE(grader::confirmed_on_two(search).has_value());
  CHECK(toy.calls == 0);
}

TEST_CASE("first_showing returns the first case that shows, drawing at most `tries`",
          "[confirmed]") {
  int drawn = 0;
  const auto generate = [&] { return ++drawn; };
  CHECK(grader::first_showing<int>(generate, [](const int& c) { return c % 4 == 0; }) == 4);
  CHECK(drawn == 4);
  drawn = 0;
  CHECK_FALSE(grader::first_showing<int>(generate, [](const int&) { return false; }).has_value());
  CHECK(drawn == 10);
  drawn = 0;
  CHECK_FALSE(grader::first_showing<int>(
      generate, [](const int& c) { return c == 4; }, 3));
  CHECK(drawn == 3);
}
