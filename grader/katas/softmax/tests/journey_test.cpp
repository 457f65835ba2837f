// The softmax kata's first diverging step (grader/katas/softmax/journey.hpp): a softmax with a
// single bug in one step is reported at that step; a correct one, or one without the max (right
// whenever nothing overflows), diverges nowhere.
#include <catch2/catch.hpp>

#include "grader/katas/softmax/journey.hpp"
#include "grader/tests/lib/diverging_step.hpp"
#include "grader/tests/lib/learner_stand_ins.hpp"

namespace {

using namespace grader;
using namespace grader::kata_softmax;

Case a_case() {
  kt::Generator gen(5);
  Case c;
  c.x = kt::randn({2, 3, 4}, gen) * 2.0;
  c.dim = 1;
  return c;
}

struct Reset {
  ~Reset() { stand_in::softmax = nullptr; }
};

}  // namespace

TEST_CASE("a correct softmax diverges nowhere, nor does one without the max", "[journey]") {
  const Reset reset;
  stand_in::softmax = [](const kt::Tensor& x, int64_t dim) {
    const kt::Tensor e = kt::exp(x - kt::amax(x, dim, true));
    return e / kt::sum(e, dim, true);
  };
  CHECK(journey(a_case()).text.empty());
  stand_in::softmax = [](const kt::Tensor& x, int64_t dim) {
    const kt::Tensor e = kt::exp(x);
    return e / kt::sum(e, dim, true);
  };
  CHECK(journey(a_case()).text.empty());
}

TEST_CASE("a single bug in each step of the softmax is reported at that step", "[journey]") {
  const Reset reset;
  struct Bug {
    const char* what;
    std::function<kt::Tensor(const kt::Tensor&, int64_t)> softmax;
    const char* step;
  };
  const std::vector<Bug> bugs = {
      {"the max over the last axis",
       [](const kt::Tensor& x, int64_t dim) {
         const kt::Tensor e = kt::exp(x - kt::amax(x, -1, true));
         return e / kt::sum(e, dim, true);
       },
       "max along dim 1 (keepdim)"},
      {"max - x instead of x - max",
       [](const kt::Tensor& x, int64_t dim) {
         const kt::Tensor e = kt::exp(kt::amax(x, dim, true) - x);
         return e / kt::sum(e, dim, true);
       },
       "x - max"},
      {"exp of half the shifted logits",
       [](const kt::Tensor& x, int64_t dim) {
         const kt::Tensor e = kt::exp((x - kt::amax(x, dim, true)) / 2.0);
         return e / kt::sum(e, dim, true);
       },
       "exp(x - max)"},
      {"no normalisation",
       [](const kt::Tensor& x, int64_t dim) { return kt::exp(x - kt::amax(x, dim, true)); },
       "sum of the exps along dim 1 (keepdim)"},
      {"multiplied by the sum instead of divided",
       [](const kt::Tensor& x, int64_t dim) {
         const kt::Tensor e = kt::exp(x - kt::amax(x, dim, true));
         return e * kt::sum(e, dim, true);
       },
       "exp(x - max) / sum"},
  };
  for (const Bug& bug : bugs) {
    INFO(bug.what);
    stand_in::softmax = bug.softmax;
    const std::string text = journey(a_case()).text;
    INFO(text);
    CHECK(diverging_step(text) == bug.step);
    CHECK(text.rfind("On the case x shape = [2, 3, 4], dim = 1:\n", 0) == 0);
  }
}

TEST_CASE("the journey writes op arguments as a learner would: keepdim, a dtype's name",
          "[journey]") {
  const Reset reset;
  stand_in::softmax = [](const kt::Tensor& x, int64_t dim) {
    // One statement per op: the order of an expression's operands is the compiler's (GCC and
    // clang differ), and the ops' numbers below depend on it.
    const kt::Tensor max = kt::amax(x, dim, true).to(kt::Float32);
    const kt::Tensor e = kt::exp(x.to(kt::Float32) - max);
    return (e / kt::sum(e, dim, true)).to(kt::Float64);
  };
  const std::string text = journey(a_case()).text;
  INFO(text);
  CHECK(text.find(" amax(1, keepdim) -> [2, 1, 4]") != std::string::npos);
  CHECK(text.find(" to(float32) of #1 (step 1) -> [2, 1, 4]") != std::string::npos);
}
