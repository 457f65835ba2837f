// grader/lib/journey.hpp: which op of the learner's is shown as computing the diverging step
// differently (Note [ops that compute a step differently]), and which is not.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "grader/lib/journey.hpp"

namespace {

using grader::Step;

kt::Tensor values(const std::vector<double>& v) { return kt::from_vector(v, {int64_t(v.size())}); }

/// x = [1, 2, 3]; y = 2x; z = y with its first entry masked to -100.
std::vector<Step> steps() {
  return {{"x", values({1, 2, 3}), -1, {}},
          {"y = 2x", values({2, 4, 6}), -1, {0}},
          {"z = y, masked", values({-100, 4, 6}), -1, {1}}};
}

kt::TraceEvent event(const std::string& op, const kt::Tensor& value) {
  kt::TraceEvent e;
  e.op = op;
  e.output.sizes = value.sizes();
  e.output.dtype = value.dtype();
  e.value = value;
  return e;
}

}  // namespace

TEST_CASE("an op after the step's inputs with its shape is shown computing it differently",
          "[journey]") {
  // y wrong in its last entry only: more like y than like z.
  const std::string text =
      grader::journey_text(steps(),
                           {event("add", values({1, 2, 3})), event("mul", values({2, 4, 9})),
                            event("masked_fill", values({-100, 4, 9}))},
                           values({-100, 4, 9}));
  CHECK(text.find(" 2. y = 2x") != std::string::npos);
  CHECK(text.find("#2 mul -> [3], other values  <- first divergence") != std::string::npos);
  CHECK(text.find("Your op #2 mul -> [3] has the shape of step 2 (y = 2x) but computes it "
                  "differently: at [2] it gives 9 where the step is 6.") != std::string::npos);
}

TEST_CASE("an op more like a later step is not shown computing the diverging one", "[journey]") {
  // y skipped: x masked directly. The masked_fill has y's shape, but its masked entry is z's.
  const std::string text = grader::journey_text(
      steps(), {event("add", values({1, 2, 3})), event("masked_fill", values({-100, 2, 3}))},
      values({-100, 2, 3}));
  CHECK(text.find("none  <- first divergence") != std::string::npos);
  CHECK(text.find("computes it differently") == std::string::npos);
}

TEST_CASE("an op that only moves values is not shown computing a step", "[journey]") {
  const std::string text = grader::journey_text(
      steps(), {event("add", values({1, 2, 3})), event("flatten", values({5, 5, 5}))},
      values({5, 5, 5}));
  CHECK(text.find("none  <- first divergence") != std::string::npos);
  CHECK(text.find("computes it differently") == std::string::npos);
}

TEST_CASE("a kata whose steps are sums of ops shows no op computing one differently", "[journey]") {
  const std::string text = grader::journey_text(
      steps(), {event("add", values({1, 2, 3})), event("mul", values({3, 6, 9}))},
      values({3, 6, 9}), /*pair_ops=*/false);
  CHECK(text.find("none  <- first divergence") != std::string::npos);
  CHECK(text.find("computes it differently") == std::string::npos);
}

TEST_CASE("an op as like a later step as the diverging one is not shown computing it",
          "[journey]") {
  // y and z of one shape, and the op's result like neither: which one it computes is unknown.
  const std::string text = grader::journey_text(
      steps(), {event("add", values({1, 2, 3})), event("matmul", values({7, 8, 9}))},
      values({7, 8, 9}));
  CHECK(text.find("none  <- first divergence") != std::string::npos);
  CHECK(text.find("computes it differently") == std::string::npos);
}

TEST_CASE("of several ops with the step's shape, the one most like it, else the last, is shown",
          "[journey]") {
  const std::vector<Step> two = {steps()[0], steps()[1]};
  // The values changed before the op that computes the step: the op is the last one.
  const std::string last =
      grader::journey_text(two,
                           {event("add", values({1, 2, 3})), event("sub", values({5, 5, 5})),
                            event("mul", values({7, 7, 7}))},
                           values({7, 7, 7}));
  CHECK(last.find("#3 mul -> [3], other values  <- first divergence") != std::string::npos);
  // One with entries equal to the step's wins over a later one with none.
  const std::string alike =
      grader::journey_text(two,
                           {event("add", values({1, 2, 3})), event("mul", values({2, 4, 7})),
                            event("sub", values({5, 5, 5}))},
                           values({5, 5, 5}));
  CHECK(alike.find("#2 mul -> [3], other values  <- first divergence") != std::string::npos);
}
