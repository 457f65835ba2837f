// Every pitfall of the @NAME@ kata alone, and every two together, are named exactly (Note [every
// double named exactly] in grader/tests/doubles/doubles.hpp): the learner's @NAME@, written as a
// learner writes it, with one switch (a slip) per pitfall of kata.toml.
// TODO(new-kata): the kata's own function, as its header declares it. A new pitfall fails this
// test until the learner below has its slip: make the mistake where slip("ID") is on.
#include <catch2/catch.hpp>

#include "@NAME@.hpp"
#include "grader/tests/doubles/check.hpp"

namespace {

doubles::Names on;  // the slips now on

[[maybe_unused]] bool slip(const char* id) { return on.count(id) != 0; }

}  // namespace

kt::Tensor @NAME@(const kt::Tensor& x) {
  const kt::Tensor e = kt::exp(x - kt::amax(x, -1, true));
  return e / kt::sum(e, -1, true);
}

TEST_CASE("@NAME@: no pitfall, every pitfall alone and every two together are named exactly",
          "[doubles]") {
  const doubles::Kata kata{[](const doubles::Names& slips) { on = slips; }, {}};
  doubles::check_named_exactly(kata);
}
