// grader/lib/journey.hpp: which op of the learner's is shown as computing the diverging step
// differently (Note [ops that compute a step differently]), and which is not.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
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

/// e made at `address`, reading the [3] tensors at `reads` (a trace's memory, by hand).
kt::TraceEvent at(kt::TraceEvent e, uint64_t address, const std::vector<uint64_t>& reads) {
  e.output.address = address;
  for (const uint64_t a : reads) {
    kt::TensorMeta m = e.output;
    m.sizes = {3};  // (every maker in these tests is a [3])
    m.address = a;
    e.inputs.push_back(m);
  }
  return e;
}

/// The journey's text, what most tests here read.
std::string journey_text_of(const std::vector<Step>& steps,
                            const std::vector<kt::TraceEvent>& events, const kt::Tensor& returned,
                            const std::vector<grader::NamedInput>& inputs = {},
                            bool threw = false) {
  return grader::journey_text(steps, events, returned, inputs, threw).text;
}

}  // namespace

TEST_CASE("a journey names its diverging step, which two cases of one mistake share", "[journey]") {
  // y wrong on one case and the code throwing before y on another: one step, whatever the case.
  const grader::Journey wrong = grader::journey_text(
      steps(), {event("add", values({1, 2, 3})), event("mul", values({2, 4, 9}))},
      values({2, 4, 9}));
  kt::TraceEvent threw = event("mul", values({2, 4, 6}));
  threw.threw = true;
  threw.value = kt::Tensor();
  const grader::Journey thrown =
      grader::journey_text(steps(), {event("add", values({1, 2, 3})), threw}, kt::Tensor(), {},
                           /*threw=*/true);
  CHECK(wrong.step == "step 2 (y = 2x)");
  CHECK(thrown.step == wrong.step);
  // Code that returns something else after the last step.
  const grader::Journey other = grader::journey_text(
      steps(),
      {event("add", values({1, 2, 3})), event("mul", values({2, 4, 6})),
       event("masked_fill", values({-100, 4, 6})), event("neg", values({100, -4, -6}))},
      values({100, -4, -6}));
  CHECK(other.step == "what is returned after step 3");
  // Nothing diverges: no text, no step.
  const grader::Journey right =
      grader::journey_text(steps(),
                           {event("add", values({1, 2, 3})), event("mul", values({2, 4, 6})),
                            event("masked_fill", values({-100, 4, 6}))},
                           values({-100, 4, 6}));
  CHECK(right.text.empty());
  CHECK(right.step.empty());
}

TEST_CASE("an op after the step's inputs with its shape is shown computing it differently",
          "[journey]") {
  // y wrong in its last entry only: more like y than like z.
  const std::string text =
      journey_text_of(steps(),
                      {event("add", values({1, 2, 3})), event("mul", values({2, 4, 9})),
                       event("masked_fill", values({-100, 4, 9}))},
                      values({-100, 4, 9}));
  CHECK(text.find(" 2. y = 2x") != std::string::npos);
  CHECK(text.find("#2 mul -> [3], other values  <- first divergence") != std::string::npos);
  CHECK(text.find("Your op #2 mul -> [3] has the shape of step 2 (y = 2x) but computes it "
                  "differently: at [2] it gives 9 where the step is 6.") != std::string::npos);
}

TEST_CASE("a step computed from the first divergence says so, and one that is not says none",
          "[journey]") {
  // Note [a step after the first divergence]: y diverges; z is made from y, w from x alone.
  std::vector<Step> four = steps();
  four.push_back({"w = x + 1", values({2, 3, 4}), -1, {0}});
  const std::string text = journey_text_of(
      four, {event("add", values({1, 2, 3})), event("mul", values({2, 4, 9}))}, values({2, 4, 9}));
  const auto row = [&](const std::string& start) {
    const size_t at = text.find(start);
    return at == std::string::npos ? std::string() : text.substr(at, text.find('\n', at) - at);
  };
  CHECK(row(" 2. y = 2x").find("<- first divergence") != std::string::npos);
  CHECK(row(" 3. z = y, masked").ends_with("- (follows from step 2)"));
  CHECK(row(" 4. w = x + 1").ends_with("none"));
}

TEST_CASE("an input step that no later op reads, but in-place writes nothing reads, is named",
          "[journey]") {
  // Note [a step's input that nothing goes on to read]: x is computed (#1), but y is made from
  // another tensor (#2 reads address 99), and the result comes from that.
  const std::vector<kt::TraceEvent> events = {
      at(event("add", values({1, 2, 3})), 1, {}), at(event("sin", values({7, 8, 9})), 2, {99}),
      at(event("masked_fill", values({-100, 8, 9})), 3, {2})};
  const std::string text = journey_text_of(steps(), events, values({-100, 8, 9}));
  INFO(text);
  CHECK(text.find("none  <- first divergence") != std::string::npos);
  CHECK(text.find("Your #1 add (step 1, x) is read by no later op, though step 2 is made from "
                  "it: what your code computes in its place is made from other values.") !=
        std::string::npos);
  // Read by a later op (#2 reads #1): nothing said.
  std::vector<kt::TraceEvent> read = events;
  read[1].inputs[0].address = 1;
  CHECK(journey_text_of(steps(), read, values({-100, 8, 9})).find("is read by no later op") ==
        std::string::npos);
  // Read only by an in-place write nothing reads (copy_ into a state): said, with the write.
  std::vector<kt::TraceEvent> copied = events;
  copied.insert(copied.begin() + 1, at(event("copy_", values({1, 2, 3})), 50, {50, 1}));
  CHECK(journey_text_of(steps(), copied, values({-100, 8, 9}))
            .find("Your #1 add (step 1, x) is read by no later op but #2 copy_, whose "
                  "result nothing reads, though step 2 is made from it") != std::string::npos);
  // And where a later op reads what the write made: nothing said.
  copied[2].inputs[0].address = 50;
  CHECK(journey_text_of(steps(), copied, values({-100, 8, 9})).find("is read by no later op") ==
        std::string::npos);
}

TEST_CASE("an op the listed ops are given, neither listed nor a step, is shown with its makers",
          "[journey]") {
  // Note [an op the list refers to but does not show]: #2 exp, made before the steps (#3, #4)
  // from #1, is what #5 (the first op after step 2) is given beside y; z is never made.
  const std::vector<kt::TraceEvent> events = {
      at(event("sin", values({7, 8, 9})), 2, {98}), at(event("exp", values({5, 6, 7})), 3, {2}),
      at(event("add", values({1, 2, 3})), 1, {}), at(event("mul", values({2, 4, 6})), 4, {1}),
      at(event("atan2", values({0.3})), 5, {3, 4})};
  const std::string text = journey_text_of(steps(), events, values({0.3}));
  INFO(text);
  CHECK(text.find("#5 atan2 of #2 and #4 (step 2) -> [1]. #2, not listed, and what it is made "
                  "from: #1 sin -> [3], #2 exp of #1 -> [3].") != std::string::npos);
  // Given only steps: nothing more said.
  std::vector<kt::TraceEvent> from_steps = events;
  from_steps[4].inputs[0].address = 1;
  CHECK(journey_text_of(steps(), from_steps, values({0.3})).find("not listed, and what") ==
        std::string::npos);
}

TEST_CASE("an op more like a later step is not shown computing the diverging one", "[journey]") {
  // y skipped: x masked directly. The masked_fill has y's shape, but its masked entry is z's.
  const std::string text = journey_text_of(
      steps(), {event("add", values({1, 2, 3})), event("masked_fill", values({-100, 2, 3}))},
      values({-100, 2, 3}));
  CHECK(text.find("none  <- first divergence") != std::string::npos);
  CHECK(text.find("computes it differently") == std::string::npos);
}

TEST_CASE("an op that only moves values is not shown computing a step", "[journey]") {
  const std::string text = journey_text_of(
      steps(), {event("add", values({1, 2, 3})), event("flatten", values({5, 5, 5}))},
      values({5, 5, 5}));
  CHECK(text.find("none  <- first divergence") != std::string::npos);
  CHECK(text.find("computes it differently") == std::string::npos);
}

TEST_CASE("a step several ops make together shows no op computing it differently", "[journey]") {
  std::vector<Step> summed = steps();
  summed[1].sums_ops = true;
  const std::string text =
      journey_text_of(summed, {event("add", values({1, 2, 3})), event("mul", values({3, 6, 9}))},
                      values({3, 6, 9}));
  CHECK(text.find("none  <- first divergence") != std::string::npos);
  CHECK(text.find("computes it differently") == std::string::npos);
}

TEST_CASE("an op as like a later step as the diverging one is not shown computing it",
          "[journey]") {
  // y and z of one shape, and the op's result like neither: which one it computes is unknown.
  const std::string text = journey_text_of(
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
      journey_text_of(two,
                      {event("add", values({1, 2, 3})), event("sub", values({5, 5, 5})),
                       event("mul", values({7, 7, 7}))},
                      values({7, 7, 7}));
  CHECK(last.find("#3 mul -> [3], other values  <- first divergence") != std::string::npos);
  // One with entries equal to the step's wins over a later one with none.
  const std::string alike =
      journey_text_of(two,
                      {event("add", values({1, 2, 3})), event("mul", values({2, 4, 7})),
                       event("sub", values({5, 5, 5}))},
                      values({5, 5, 5}));
  CHECK(alike.find("#2 mul -> [3], other values  <- first divergence") != std::string::npos);
}

TEST_CASE("an op that masks nothing is compared with the step, not with a later masking of it",
          "[journey]") {
  // z = y with its first entry filled with -1e300 (a finfo.min fill); the op scales x by 1.5,
  // not 2: no entry equals y's or z's, and it is the scaling done differently.
  const std::vector<Step> masked = {
      steps()[0], steps()[1], {"z = y, masked", values({-1e300, 4, 6}), -1, {1}}};
  const std::string text = journey_text_of(
      masked, {event("add", values({1, 2, 3})), event("mul", values({1.5, 3, 4.5}))},
      values({1.5, 3, 4.5}));
  CHECK(text.find("#2 mul -> [3], other values  <- first divergence") != std::string::npos);
  // An op that masks too is no scaling: as like the masking step, it is shown as neither.
  const std::string masks = journey_text_of(
      masked, {event("add", values({1, 2, 3})), event("masked_fill", values({-1e300, 3, 4.5}))},
      values({-1e300, 3, 4.5}));
  CHECK(masks.find("none  <- first divergence") != std::string::npos);
}

TEST_CASE("an op that is a multiple of the step is shown computing it, whatever follows",
          "[journey]") {
  // w, a later step of y's shape that no op reaches and the op is no more like than y.
  const std::vector<Step> three = {
      steps()[0], steps()[1], {"w", values({0.5, 0.25, 0.25}), -1, {1}}};
  const std::string text = journey_text_of(
      three, {event("add", values({1, 2, 3})), event("div", values({1.4, 2.8, 4.2}))},
      values({1.4, 2.8, 4.2}));
  CHECK(text.find("#2 div -> [3], other values  <- first divergence") != std::string::npos);
  // (0.7 reads no simpler as 1 / 1.42857, nor 2 as 1 / 0.5: said as they are.)
  CHECK(text.find("at [2] it gives 4.2 where the step is 6 (everywhere the step times 0.7).") !=
        std::string::npos);
  // A square root of a whole number is read as one: the scores divided by sqrt(2) more.
  const double r = 1 / std::sqrt(2.0);
  const std::string root = journey_text_of(
      three, {event("add", values({1, 2, 3})), event("div", values({2 * r, 4 * r, 6 * r}))},
      values({2 * r, 4 * r, 6 * r}));
  CHECK(root.find("(everywhere the step times 0.707107 = 1 / sqrt(2)).") != std::string::npos);
  // And the square root of a ratio of sizes: divided by sqrt(5) where sqrt(4) belongs.
  const double f = std::sqrt(4.0 / 5.0);
  const std::string ratio = journey_text_of(
      three, {event("add", values({1, 2, 3})), event("div", values({2 * f, 4 * f, 6 * f}))},
      values({2 * f, 4 * f, 6 * f}));
  CHECK(ratio.find("(everywhere the step times 0.894427 = sqrt(4/5)).") != std::string::npos);
  // A rational ratio is no root: 10/7 is 1 / 0.7.
  const std::string rational = journey_text_of(
      three,
      {event("add", values({1, 2, 3})), event("div", values({20.0 / 7, 40.0 / 7, 60.0 / 7}))},
      values({20.0 / 7, 40.0 / 7, 60.0 / 7}));
  CHECK(rational.find("(everywhere the step times 1.42857 = 1 / 0.7).") != std::string::npos);
}

TEST_CASE("of several multiples of the step, the nearest to it is shown computing it",
          "[journey]") {
  // y = 2x computed as -(sum) / N where a mean over C belongs, then weighted by 0.2 for a later
  // step: -5y, 1.25y, 0.25y. The division is the step done differently, "times 1.25".
  const std::vector<Step> two = {steps()[0], steps()[1]};
  const std::string text =
      journey_text_of(two,
                      {event("add", values({1, 2, 3})), event("neg", values({-10, -20, -30})),
                       event("div", values({2.5, 5, 7.5})), event("mul", values({0.5, 1, 1.5}))},
                      values({0.5, 1, 1.5}));
  INFO(text);
  CHECK(text.find("#3 div -> [3], other values  <- first divergence") != std::string::npos);
  CHECK(text.find("(everywhere the step times 1.25") != std::string::npos);
}

TEST_CASE("scores filled with the lowest double are no multiple of the step", "[journey]") {
  // Each entry over the step's is -1.8e308 / 2, ... = -inf: one "ratio", but no multiple.
  const std::vector<Step> three = {
      steps()[0], steps()[1], {"w", values({0.5, 0.25, 0.25}), -1, {1}}};
  const double lowest = -std::numeric_limits<double>::max();
  const std::string text = journey_text_of(
      three,
      {event("add", values({1, 2, 3})), event("masked_fill", values({lowest, lowest, lowest}))},
      values({lowest, lowest, lowest}));
  CHECK(text.find("times inf") == std::string::npos);
  CHECK(text.find("everywhere the step times") == std::string::npos);
}

TEST_CASE("an op whose result is all zeros computes no step differently", "[journey]") {
  // The first step, made from the call's inputs, beside an op of its shape that gives 0
  // everywhere (flash attention's α·acc with acc = 0 beside the scores, when d = block_size):
  // "the step times 0" would be true of any zeros.
  const std::vector<Step> two = {steps()[0], steps()[1]};
  const std::string text =
      journey_text_of(two, {event("mul", values({0, 0, 0}))}, values({0, 0, 0}));
  CHECK(text.find("#1 mul -> [3], other values") == std::string::npos);
  CHECK(text.find("times 0") == std::string::npos);
}

TEST_CASE("a reduction of the whole tensor to one number is listed among the ops from there",
          "[journey]") {
  // y computed as x times the sum of x (a number): the sum is the learner's op, listed.
  const std::vector<Step> two = {steps()[0], steps()[1]};
  const std::string text = journey_text_of(
      two,
      {event("add", values({1, 2, 3})), event("sum", kt::from_vector(std::vector<double>{6}, {})),
       event("mul", values({6, 12, 18}))},
      values({6, 12, 18}));
  CHECK(text.find("#2 sum -> [] (one number)") != std::string::npos);
}

TEST_CASE("a step of two inputs is not reached by the op of one of them that has its value",
          "[journey]") {
  // m1 = max(m0, b) equals m0 here; the learner's op for m0 is no op of m1's (b never went in).
  const std::vector<Step> two_inputs = {{"m0", values({5, 6, 7}), -1, {}},
                                        {"b", values({1, 2, 3}), -1, {}},
                                        {"m1 = max(m0, b)", values({5, 6, 7}), -1, {0, 1}}};
  const std::string text = journey_text_of(
      two_inputs, {event("amax", values({5, 6, 7})), event("mul", values({9, 9, 9}))},
      values({9, 9, 9}));
  const size_t m1 = text.find("3. m1 = max(m0, b)");
  REQUIRE(m1 != std::string::npos);
  const std::string row = text.substr(m1, text.find('\n', m1) - m1);
  CHECK(row.find("#1 amax") == std::string::npos);
  CHECK(row.ends_with("- (follows from step 2)"));  // b, never reached
}

TEST_CASE("a last step's numbers returned in other places are blamed on the op that made them",
          "[journey]") {
  // The step matches in any layout (a rope's halves concatenated in the wrong order): the op's
  // result has the step's numbers, and the code returns it.
  std::vector<Step> two = {steps()[0], steps()[1]};
  two[1].layout = false;
  const std::string text = journey_text_of(
      two, {event("add", values({1, 2, 3})), event("cat", values({4, 2, 6}))}, values({4, 2, 6}));
  CHECK(text.find("#2 cat -> [3] (the same values, in other places)  <- first divergence") !=
        std::string::npos);
  CHECK(text.find("Your op #2 cat -> [3] has the numbers of step 2 (y = 2x), but in other places: "
                  "at [0] it gives 4 where the step is 2. Your code returns it as it is. The "
                  "mistake is in how that op puts them together (the order of its inputs).") !=
        std::string::npos);
  CHECK(text.find("returns something else") == std::string::npos);
  CHECK(text.find("reverse") == std::string::npos);
}

TEST_CASE("a step's numbers in reverse order are called reversed, along the axis they are",
          "[journey]") {
  // Positions counted down (a rope's start_pos + T - 1 - t): 1-D, reversed.
  std::vector<Step> two = {steps()[0], steps()[1]};
  const std::string text = journey_text_of(
      two, {event("add", values({1, 2, 3})), event("sub", values({6, 4, 2}))}, values({6, 4, 2}));
  CHECK(text.find("at [0] it gives 6 where the step is 2: the step in reverse order. Your code "
                  "returns it as it is. The mistake is in the order that op puts them in.") !=
        std::string::npos);
  // 2-D: rows reversed (dim 0), each row kept in order.
  const kt::Tensor grid = kt::from_vector(std::vector<double>{1, 2, 3, 4, 5, 6}, {3, 2});
  const kt::Tensor flipped = kt::from_vector(std::vector<double>{5, 6, 3, 4, 1, 2}, {3, 2});
  const std::vector<Step> rows = {{"g", grid, -1, {}}};
  const std::string by_rows = journey_text_of(rows, {event("cat", flipped)}, flipped);
  CHECK(by_rows.find("the step in reverse order along dim 0.") != std::string::npos);
  // Swapped halves of 4 are no reversal.
  const kt::Tensor four = kt::from_vector(std::vector<double>{1, 2, 3, 4}, {4});
  const kt::Tensor halves = kt::from_vector(std::vector<double>{3, 4, 1, 2}, {4});
  const std::string swapped =
      journey_text_of({{"h", four, -1, {}}}, {event("cat", halves)}, halves);
  CHECK(swapped.find("in other places") != std::string::npos);
  CHECK(swapped.find("reverse") == std::string::npos);
}

TEST_CASE("a journey on another case than the failing one says so, and whose op numbers it has",
          "[journey]") {
  grader::Journey j = grader::on_case("the case T = 4", {"    expected step ...\n", "step 2", ""});
  CHECK(j.text == "On the case T = 4:\n    expected step ...\n");
  CHECK(j.on == "the case T = 4");
  j = grader::on_another_case(j);
  CHECK(j.text ==
        "On the case T = 4:\n(This case is bigger than the smallest failing case further down, "
        "so that each\nstep has numbers of its own; your code fails on it as well. #N is your "
        "code's Nth op on it.)\n    expected step ...\n");
  CHECK(j.step == "step 2");
  // Nothing to say, nothing said.
  CHECK(grader::on_another_case(grader::on_case("the case T = 4", {})).text.empty());
}

TEST_CASE("a step reached by its values in other places says so on its row", "[journey]") {
  // y = 2x reached by an op of y's shape whose entries are y's in another order (heads swapped).
  const std::vector<Step> two = {steps()[0], steps()[1]};
  const std::string text = journey_text_of(
      two, {event("add", values({1, 2, 3})), event("mul", values({6, 4, 2}))}, values({6, 4, 2}));
  CHECK(text.find("#2 mul -> [3] (the same values, in other places)") != std::string::npos);
  // A -inf where the step has finfo.min is the same masked entry, in its place.
  const std::vector<Step> masked = {steps()[0], {"z, masked", values({-1.7e308, 4, 6}), -1, {0}}};
  const std::string fill = journey_text_of(
      masked, {event("add", values({1, 2, 3})), event("masked_fill", values({-INFINITY, 4, 6}))},
      values({0, 0, 0}));
  CHECK(fill.find("in other places") == std::string::npos);
}

TEST_CASE("a step reached in other places, with nothing after it in place, is the divergence",
          "[journey]") {
  // x, y = 2x (done another way), z = y + 1 reached with its numbers swapped, w never reached:
  // the layout went wrong at y, not at w where the values first differ.
  const std::vector<Step> four = {{"x", values({1, 2, 3}), -1, {}},
                                  {"y = 2x", values({2, 4, 6}), -1, {0}},
                                  {"z = y + 1", values({3, 5, 7}), -1, {1}},
                                  {"w = 3z", values({9, 15, 21}), -1, {2}}};
  const std::string text =
      journey_text_of(four,
                      {event("add", values({1, 2, 3})), event("add", values({7, 5, 3})),
                       event("mul", values({1, 1, 1}))},
                      values({1, 1, 1}));
  CHECK(text.find(" 3. z = y + 1") != std::string::npos);
  CHECK(text.find("#2 add -> [3] (the same values, in other places)  <- first divergence") !=
        std::string::npos);
  CHECK(text.find("Step 2 (y = 2x) is done another way before it: look there first") !=
        std::string::npos);
  // Reached in place after it: the other layout was harmless, and the divergence is later.
  const std::string harmless =
      journey_text_of(four,
                      {event("add", values({1, 2, 3})), event("add", values({7, 5, 3})),
                       event("mul", values({9, 15, 21})), event("mul", values({1, 1, 1}))},
                      values({1, 1, 1}));
  CHECK(harmless.find("in other places)  <- first divergence") == std::string::npos);
}

TEST_CASE("an op that only moves one of the call's inputs is listed as an op of it", "[journey]") {
  // The step y = 2x never reached; the learner transposed an input v on the way.
  const std::vector<Step> two = {steps()[0], steps()[1]};
  const kt::Tensor v = values({5, 7, 9});
  const std::string text =
      journey_text_of(two,
                      {event("add", values({1, 2, 3})), event("transpose", values({9, 7, 5})),
                       event("mul", values({1, 1, 1}))},
                      values({1, 1, 1}), {{"q", values({1, 1, 2})}, {"v", v}});
  CHECK(text.find("#2 transpose of v -> [3]") != std::string::npos);
  CHECK(text.find("#3 mul of") == std::string::npos);  // it computes: no input named
}

TEST_CASE("an op whose result is a step again is not listed among the ops that are no step",
          "[journey]") {
  const std::vector<Step> two = {steps()[0], steps()[1]};
  // #2 recomputes x (a masked_fill with nothing masked); #3 computes y differently.
  const std::string text =
      journey_text_of(two,
                      {event("add", values({1, 2, 3})), event("masked_fill", values({1, 2, 3})),
                       event("sub", values({5, 5, 5})), event("mul", values({2, 4, 7}))},
                      values({2, 4, 7}));
  CHECK(text.find("#4 mul -> [3], other values  <- first divergence") != std::string::npos);
  CHECK(text.find("#3 sub -> [3]") != std::string::npos);
  CHECK(text.find("#2 masked_fill") == std::string::npos);
}

TEST_CASE("a call that threw has a journey up to the throw, with the shape of the step it missed",
          "[journey]") {
  // x reached by #1; y = 2x never: the code threw at a matmul after a view that is no step.
  kt::TraceEvent thrown;
  thrown.op = "matmul";
  thrown.threw = true;
  const std::string text = journey_text_of(
      steps(), {event("add", values({1, 2, 3})), event("view", values({1, 2, 3})), thrown},
      kt::Tensor(), {}, /*threw=*/true);
  CHECK(text.find(" 2. y = 2x") != std::string::npos);
  CHECK(text.find("none  <- first divergence") != std::string::npos);
  CHECK(
      text.find(
          "Step 2 (y = 2x, [3]) is the first step no op of yours produces before your code "
          "throws a kt error on this case; the steps it is computed from are there. Your ops from "
          "there: #2 view -> [3], then #3 matmul, which threw.") != std::string::npos);
  CHECK(text.find("returns something else") == std::string::npos);
  // Every step reached before the throw: nothing to say beside where it threw.
  CHECK(journey_text_of(steps(),
                        {event("add", values({1, 2, 3})), event("mul", values({2, 4, 6})),
                         event("masked_fill", values({-100, 4, 6}))},
                        kt::Tensor(), {}, /*threw=*/true)
            .empty());
}

TEST_CASE("before a throw, a step reached in other places is not taken for the divergence",
          "[journey]") {
  // y's numbers in other places (a harmless layout when later steps come in place) and then a
  // throw before z: the journey does not blame the layout of y.
  const std::string text = journey_text_of(
      steps(), {event("add", values({1, 2, 3})), event("mul", values({6, 4, 2}))}, kt::Tensor(), {},
      /*threw=*/true);
  CHECK(text.find("in other places  <- first divergence") == std::string::npos);
  CHECK(text.find("Step 3 (z = y, masked, [3]) is the first step no op of yours produces before "
                  "your code throws") != std::string::npos);
}

TEST_CASE("code that threw is placed at the step it was on, not at the next in the list's order",
          "[journey]") {
  // Steps: a and b from nothing, c from a. The code made a, never b, and threw computing c.
  const std::vector<Step> abc = {{"a", values({1, 2, 3}), -1, {}},
                                 {"b", values({7, 8, 9}), -1, {}},
                                 {"c = 2a", values({2, 4, 6}), -1, {0}}};
  const std::string text =
      journey_text_of(abc, {event("add", values({1, 2, 3}))}, kt::Tensor(), {}, /*threw=*/true);
  CHECK(text.find("Step 3 (c = 2a, [3]) is the first step no op of yours produces before your "
                  "code throws") != std::string::npos);
  // Not thrown: the first step not reached, in order.
  const std::string returned =
      journey_text_of(abc, {event("add", values({1, 2, 3}))}, values({0, 0, 0}));
  CHECK(returned.find("Step 2 (b, [3]) is the first step no op of yours produces") !=
        std::string::npos);
}

TEST_CASE("the ops listed after a divergence name the call's inputs they were given", "[journey]") {
  // The steps: x, then y = 2x. The code slices k (not x), scales it and adds q: y never appears.
  const auto meta = [](uint64_t address) {
    kt::TensorMeta m;
    m.sizes = {3};
    m.strides = {1};
    m.address = address;
    return m;
  };
  const std::vector<Step> two = {steps()[0], steps()[1]};
  kt::TraceEvent first = event("add", values({1, 2, 3}));  // x, reached
  first.output = meta(10);
  kt::TraceEvent slice = event("slice", values({7, 8, 9}));
  slice.inputs = {meta(2)};  // k, as the handler named it
  slice.output = meta(11);
  kt::TraceEvent scaled = event("mul", values({14, 16, 18}));
  scaled.inputs = {meta(11)};
  scaled.output = meta(12);
  kt::TraceEvent both = event("add", values({15, 18, 21}));
  both.inputs = {meta(1), meta(12)};  // q, and what the mul made
  both.output = meta(13);
  const std::vector<grader::NamedInput> inputs = {{"q", kt::Tensor(), meta(1), 0},
                                                  {"k", kt::Tensor(), meta(2), 0}};
  const std::string text =
      journey_text_of(two, {first, slice, scaled, both}, values({15, 18, 21}), inputs);
  INFO(text);
  CHECK(text.find("#4 add of q and #3 -> [3], other values  <- first divergence") !=
        std::string::npos);
  CHECK(text.find("Your op #4 add of q and #3 -> [3] has the shape of step 2") !=
        std::string::npos);
  // An op given only what earlier ops made says which ones, a chain can be followed back; one that
  // only moved an input of the call says which (a slice of k, a reshaped k: often the slip).
  CHECK(text.find("(their results are no step): #2 slice of k -> [3], #3 mul of #2 (slice of k) "
                  "-> [3].") != std::string::npos);
  // A tensor made again where an input lay is no longer that input.
  kt::TraceEvent again = event("mul", values({0, 0, 0}));
  again.inputs = {meta(11)};
  again.output = meta(2);  // k's memory, reused
  kt::TraceEvent reads = event("neg", values({0, 0, 0}));
  reads.inputs = {meta(2)};
  reads.output = meta(14);
  const std::string reused =
      journey_text_of(two, {first, slice, again, reads}, values({0, 0, 0}), inputs);
  CHECK(reused.find("#4 neg of #3 -> [3]") != std::string::npos);
  CHECK(reused.find("#4 neg of k") == std::string::npos);
}

TEST_CASE("the ops before a step computed differently are the six nearest it, masks included",
          "[journey]") {
  // x; y = 2x. Eight ops of another shape, a mask, then an op of y's shape with other values.
  const std::vector<Step> two = {steps()[0], steps()[1]};
  std::vector<kt::TraceEvent> events = {event("add", values({1, 2, 3}))};
  for (int n = 0; n < 8; ++n)
    events.push_back(event("neg", kt::from_vector(std::vector<double>{double(n), 1}, {2})));
  events.push_back(event("tril", kt::ones({3}, kt::Bool)));
  events.push_back(event("mul", values({5, 5, 5})));
  const std::string text = journey_text_of(two, events, values({5, 5, 5}));
  INFO(text);
  CHECK(text.find("Your ops before it whose results are no step: 3 earlier, then #5 neg -> [2], "
                  "#6 neg -> [2], #7 neg -> [2], #8 neg -> [2], #9 neg -> [2], #10 tril -> [3].") !=
        std::string::npos);
}

TEST_CASE("an op given a step's result says which step, and which of its inputs are no step",
          "[journey]") {
  const auto meta = [](uint64_t address) {
    kt::TensorMeta m;
    m.sizes = {3};
    m.strides = {1};
    m.address = address;
    return m;
  };
  const std::vector<Step> two = {steps()[0], steps()[1]};
  kt::TraceEvent first = event("add", values({1, 2, 3}));  // x, step 1
  first.output = meta(10);
  kt::TraceEvent other = event("neg", values({-1, -1, -1}));  // no step
  other.output = meta(11);
  kt::TraceEvent both = event("mul", values({5, 5, 5}));  // y computed differently
  both.inputs = {meta(10), meta(11)};
  both.output = meta(12);
  const std::string text = journey_text_of(two, {first, other, both}, values({5, 5, 5}));
  INFO(text);
  CHECK(text.find("#3 mul of #1 (step 1) and #2 -> [3], other values") != std::string::npos);
  // The input no step is, shown whole where it is given (not last in a list of ops).
  CHECK(text.find("It is given #1 (step 1) and #2 neg -> [3] (no step).") != std::string::npos);
}

TEST_CASE("a plain number that is the square root of a size is read as one", "[journey]") {
  // x; y = 2x. The code divides x by a number (made into a tensor first) where y belongs.
  const auto divided_by = [](double number) {
    const auto meta = [](uint64_t address, kt::Shape sizes) {
      kt::TensorMeta m;
      m.sizes = std::move(sizes);
      m.address = address;
      return m;
    };
    kt::TraceEvent x = event("add", values({1, 2, 3}));
    x.output = meta(10, {3});
    kt::TraceEvent made = event("full", kt::scalar_tensor(number));
    made.output = meta(11, {});
    const kt::Tensor quotient = values({1 / number, 2 / number, 3 / number});
    kt::TraceEvent div = event("div", quotient);
    div.inputs = {meta(10, {3}), meta(11, {})};
    div.output = meta(12, {3});
    return journey_text_of({steps()[0], steps()[1]}, {x, made, div}, quotient);
  };
  const std::string root = divided_by(std::sqrt(6.0));
  INFO(root);
  CHECK(root.find("#3 div of #1 (step 1) and the number 2.44949 (= sqrt(6)) -> [3]") !=
        std::string::npos);
  // A whole number, or one that is no root, is said as it is.
  const std::string whole = divided_by(4.0);
  INFO(whole);
  CHECK(whole.find("#3 div of #1 (step 1) and the number 4 -> [3]") != std::string::npos);
  const std::string plain = divided_by(2.5);
  INFO(plain);
  CHECK(plain.find("#3 div of #1 (step 1) and the number 2.5 -> [3]") != std::string::npos);
}

TEST_CASE("a plain number is read as the call's scalar argument, its root, square or reciprocal",
          "[journey]") {
  // x; y = 2x. The code divides x by a number (made into a tensor first) where y belongs; the
  // call named eps = 0.3 among its inputs (and lr and beta, 0.7 and 0.8 unless told).
  const auto divided_by = [](double number, double lr = 0.7, double beta = 0.8) {
    const auto meta = [](uint64_t address, kt::Shape sizes) {
      kt::TensorMeta m;
      m.sizes = std::move(sizes);
      m.address = address;
      return m;
    };
    kt::TraceEvent x = event("add", values({1, 2, 3}));
    x.output = meta(10, {3});
    kt::TraceEvent made = event("full", kt::scalar_tensor(number));
    made.output = meta(11, {});
    const kt::Tensor quotient = values({1 / number, 2 / number, 3 / number});
    kt::TraceEvent div = event("div", quotient);
    div.inputs = {meta(10, {3}), meta(11, {})};
    div.output = meta(12, {3});
    const grader::NamedInput first{"lr", kt::scalar_tensor(lr), meta(97, {}), 0};
    const grader::NamedInput second{"beta", kt::scalar_tensor(beta), meta(98, {}), 0};
    const grader::NamedInput eps{"eps", kt::scalar_tensor(0.3), meta(99, {}), 0};
    return journey_text_of({steps()[0], steps()[1]}, {x, made, div}, quotient,
                           {first, second, eps});
  };
  CHECK(divided_by(0.3).find("and the number 0.3 (= eps) -> [3]") != std::string::npos);
  CHECK(divided_by(std::sqrt(0.3)).find("and the number 0.547723 (= sqrt(eps)) -> [3]") !=
        std::string::npos);
  CHECK(divided_by(0.09).find("and the number 0.09 (= eps^2) -> [3]") != std::string::npos);
  CHECK(divided_by(1 / 0.3).find("and the number 3.33333 (= 1 / eps) -> [3]") != std::string::npos);
  // No argument fits: a size's root as before, or the number alone.
  CHECK(divided_by(std::sqrt(6.0)).find("and the number 2.44949 (= sqrt(6)) -> [3]") !=
        std::string::npos);
  CHECK(divided_by(0.7, 0.6).find("and the number 0.7 -> [3]") != std::string::npos);
  // The number itself over a root of another argument: 0.3 is eps, not sqrt(lr), at lr = 0.09.
  CHECK(divided_by(0.3, 0.09).find("and the number 0.3 (= eps) -> [3]") != std::string::npos);
  // Two readings of one kind: neither is said (sqrt(0.3) beside eps = 0.3 and beta = 0.3).
  const std::string either = divided_by(std::sqrt(0.3), 0.7, 0.3);
  INFO(either);
  CHECK(either.find("and the number 0.547723") != std::string::npos);
  CHECK(either.find("eps") == std::string::npos);
  CHECK(either.find("beta") == std::string::npos);
}

TEST_CASE("an op left out of the lists for making a plain number is said to be", "[journey]") {
  // x; y = 2x. The code makes a number (x * 3.0 makes a tensor of 3 first) and y never appears.
  const std::vector<Step> two = {steps()[0], steps()[1]};
  const std::string text =
      journey_text_of(two,
                      {event("add", values({1, 2, 3})), event("full", kt::scalar_tensor(3.0)),
                       event("mul", values({3, 6, 9})), event("neg", values({-3, -6, -9}))},
                      values({-3, -6, -9}));
  INFO(text);
  CHECK(text.find("no step: #3 mul -> [3].") != std::string::npos);
  CHECK(text.find("(#2, not listed, only made a plain number into a tensor for the next op.)") !=
        std::string::npos);
  // Nothing skipped, nothing said.
  const std::string whole = journey_text_of(
      two, {event("add", values({1, 2, 3})), event("mul", values({3, 6, 9}))}, values({3, 6, 9}));
  CHECK(whole.find("not listed") == std::string::npos);
}

TEST_CASE("before a throw, the ops listed start after the step's inputs and end at the throw",
          "[journey]") {
  // x; a = x + 1; b = 3x; c = 2a. The code makes a, views it wrongly, makes b (a step, left out
  // of the list), runs nine more ops and throws: the list starts right after a's op, shows the
  // first three and the last three before the throw.
  const std::vector<Step> four = {{"x", values({1, 2, 3}), -1, {}},
                                  {"a = x + 1", values({2, 3, 4}), -1, {0}},
                                  {"b = 3x", values({3, 6, 9}), -1, {0}},
                                  {"c = 2a", values({4, 6, 8}), -1, {1}}};
  std::vector<kt::TraceEvent> events = {
      event("add", values({1, 2, 3})), event("add", values({2, 3, 4})),
      event("view", values({7, 7, 7})), event("mul", values({3, 6, 9}))};
  // (Of another shape than c's, so that none computes it differently.)
  for (int n = 0; n < 9; ++n) events.push_back(event("neg", values({double(-n), 0})));
  kt::TraceEvent threw = event("matmul", values({0, 0, 0}));
  threw.threw = true;
  threw.value = kt::Tensor();
  events.push_back(threw);
  const grader::Journey j = grader::journey_text(four, events, kt::Tensor(), {}, true);
  INFO(j.text);
  CHECK(j.step == "step 4 (c = 2a)");
  CHECK(j.text.find("Your ops after the steps it is made from (other steps reached left out): "
                    "#3 view -> [3], #5 neg -> [2], #6 neg -> [2], and 4 more, then #11 neg -> "
                    "[2], #12 neg -> [2], #13 neg -> [2], then #14 matmul, which threw.") !=
        std::string::npos);
}

TEST_CASE("steps held with their axes in another order say which, and so does the result",
          "[journey]") {
  // x (2, 3); y = 2x; the code transposes x first and never moves the axes back.
  const kt::Tensor x = kt::from_vector(std::vector<double>{1, 2, 3, 4, 5, 6}, {2, 3});
  const std::vector<Step> two = {{"x", x, -1, {}}, {"y = 2x", x * 2.0, -1, {0}}};
  const kt::Tensor xt = x.transpose(0, 1).contiguous(), yt = xt * 2.0;
  const std::string text = journey_text_of(two, {event("transpose", xt), event("mul", yt)}, yt);
  INFO(text);
  CHECK(text.find("#1 transpose -> [3, 2] (the step with dims 0 and 1 swapped)") !=
        std::string::npos);
  CHECK(text.find("but your code returns it with dims 0 and 1 swapped: [3, 2] where [2, 3] is "
                  "expected. Your ops hold the steps that way from step 1 (x) on") !=
        std::string::npos);
  // Values that no order of the axes gives are only "laid out another way".
  const kt::Tensor shuffled = kt::from_vector(std::vector<double>{2, 1, 4, 3, 6, 5}, {3, 2});
  const std::string other =
      journey_text_of(two, {event("view", shuffled), event("mul", shuffled * 2.0)}, shuffled * 2.0);
  INFO(other);
  CHECK(other.find("swapped") == std::string::npos);
}

TEST_CASE("a step that moves values, made with them in other places, is the divergence",
          "[journey]") {
  // c = [9] then x (a cache, then the new entries); the code puts x first. s = 2c is then reached
  // in other places, but the places went wrong at c.
  const std::vector<Step> three = {{"x", values({1, 2, 3}), -1, {}},
                                   {"c = cat(cache, x)", values({9, 1, 2, 3}), -1, {0}, true},
                                   {"s = 2c", values({18, 2, 4, 6}), -1, {1}}};
  const std::string text =
      journey_text_of(three,
                      {event("add", values({1, 2, 3})), event("cat", values({1, 2, 3, 9})),
                       event("mul", values({2, 4, 6, 18}))},
                      values({2, 4, 6, 18}));
  INFO(text);
  CHECK(text.find("#2 cat -> [4] (the same values, in other places)  <- first divergence") !=
        std::string::npos);
  CHECK(text.find("Your op #2 cat -> [4] has the numbers of step 2 (c = cat(cache, x)), but in "
                  "other places") != std::string::npos);
}

TEST_CASE(
    "an op holding a moving step's numbers in a layout of its own is no divergence when what "
    "follows is in place",
    "[journey]") {
  // b = a with its halves swapped (a layout step) is never made as such: the code keeps a as it
  // is and computes c = 2b in place from it. The divergence is e, which it never computes.
  const std::vector<Step> steps = {{"a", values({1, 2, 3, 4}), -1, {}},
                                   {"b = a, halves swapped", values({3, 4, 1, 2}), -1, {0}, true},
                                   {"c = 2b", values({6, 8, 2, 4}), -1, {1}},
                                   {"e = 100", values({100}), -1, {}}};
  const std::string text = journey_text_of(
      steps, {event("add", values({1, 2, 3, 4})), event("mul", values({6, 8, 2, 4}))},
      values({6, 8, 2, 4}));
  INFO(text);
  CHECK(text.find("in other places") == std::string::npos);
  CHECK(text.find("Step 4 (e = 100, [1]) is the first step no op of yours produces") !=
        std::string::npos);
}

TEST_CASE("a multiple of the diverging step is found before a later step the code computed first",
          "[journey]") {
  // c = 3a is made (wrongly, 6a) before b = 2a, which comes first in the steps' order.
  const std::vector<Step> three = {{"a", values({1, 2, 3}), -1, {}},
                                   {"b = 2a", values({2, 4, 6}), -1, {0}},
                                   {"c = 3a", values({3, 6, 9}), -1, {0}}};
  const std::string text =
      journey_text_of(three,
                      {event("add", values({1, 2, 3})), event("mul", values({6, 12, 18})),
                       event("mul", values({2, 4, 6}))},
                      values({6, 12, 18}));
  INFO(text);
  CHECK(text.find("#2 mul -> [3], other values  <- first divergence") != std::string::npos);
  CHECK(text.find("(everywhere the step times 2).") != std::string::npos);
}

TEST_CASE("of two forms of a computation, the journey follows the one the ops go furthest in",
          "[journey]") {
  // x = [1, 2, 3] then either y = 2x, z = y + 1 (form 0) or w = x + 1, z = 2w - 1 (form 1).
  const std::vector<std::vector<Step>> forms = {{{"x", values({1, 2, 3}), -1, {}},
                                                 {"y = 2x", values({2, 4, 6}), -1, {0}},
                                                 {"z = y + 1", values({3, 5, 7}), -1, {1}}},
                                                {{"x", values({1, 2, 3}), -1, {}},
                                                 {"w = x + 1", values({2, 3, 4}), -1, {0}},
                                                 {"2w", values({4, 6, 8}), -1, {1}},
                                                 {"z = 2w - 1", values({3, 5, 7}), -1, {2}}}};
  const auto x = event("clone", values({1, 2, 3}));
  // Form 1 written with a slip in its last step: form 0 finds no op past x.
  const std::vector<kt::TraceEvent> second = {x, event("add", values({2, 3, 4})),
                                              event("mul", values({4, 6, 8})),
                                              event("sub", values({3, 5, 9}))};
  CHECK(grader::nearest_form(forms, second) == 1);
  // Form 0 with a slip in its last step.
  const std::vector<kt::TraceEvent> first = {x, event("mul", values({2, 4, 6})),
                                             event("add", values({3, 5, 9}))};
  CHECK(grader::nearest_form(forms, first) == 0);
  // Neither form's second step: the first form, as equals.
  CHECK(grader::nearest_form(forms, {x, event("add", values({5, 5, 5}))}) == 0);
}

TEST_CASE(
    "the ops listed before a step computed differently are the ones it is made from, the first "
    "that left a step kept",
    "[journey]") {
  // x; y = 2x. The code divides x by ln 2 (#2), makes an op nothing uses (#3), then six more ops
  // on the way from #2 to the result: #2 reads step 1 and is kept when the list is cut to six.
  // #2 to #9 hold a column [3, 1], so no op but the last has step 2's shape.
  const auto meta = [](uint64_t address) {
    kt::TensorMeta m;
    const bool row = address == 10 || address == 26;  // x, and the result
    m.sizes = row ? kt::Shape{3} : kt::Shape{3, 1};
    m.strides = row ? kt::Shape{1} : kt::Shape{1, 1};
    m.address = address;
    return m;
  };
  const std::vector<Step> two = {steps()[0], steps()[1]};
  std::vector<kt::TraceEvent> events;
  kt::TraceEvent x = event("add", values({1, 2, 3}));
  x.output = meta(10);
  events.push_back(x);
  kt::TraceEvent in_bits = event("div", values({1.4427, 2.8854, 4.3281}).view({3, 1}));
  in_bits.inputs = {meta(10)};
  in_bits.output = meta(11);
  events.push_back(in_bits);
  kt::TraceEvent unused = event("neg", values({-1, -2, -3}));
  unused.inputs = {meta(10)};
  unused.output = meta(12);
  events.push_back(unused);
  uint64_t last = 11;
  for (int n = 0; n < 7; ++n) {
    kt::TraceEvent moved =
        event(n == 6 ? "mul" : "clone",
              n == 6 ? values({7, 8, 9}) : values({7, 8, double(9 + n)}).view({3, 1}));
    moved.inputs = {meta(last)};
    moved.output = meta(20 + uint64_t(n));
    last = 20 + uint64_t(n);
    events.push_back(moved);
  }
  const std::string text = journey_text_of(two, events, events.back().value);
  INFO(text);
  CHECK(text.find("Your op #10 mul of #9 -> [3] has the shape of step 2") != std::string::npos);
  CHECK(text.find("(their results are no step): #2 div of #1 (step 1) -> [3, 1], ..., #5 clone "
                  "of #4 -> [3, 1], #6 clone of #5 -> [3, 1], #7 clone of #6 -> [3, 1], #8 clone "
                  "of #7 -> [3, 1], #9 clone of #8 -> [3, 1].") != std::string::npos);
  CHECK(text.find("#3 neg") == std::string::npos);
}

TEST_CASE("a step that may be folded into a later one is never the divergence when no op makes it",
          "[journey]") {
  // x; h = x / 2 (foldable: a right computation may fold it into the last step); r = x + 1;
  // out = h * r. The code makes x, then x + 2 where r belongs: r is the divergence, h done
  // another way.
  for (const bool foldable : {false, true}) {
    std::vector<Step> four = {{"x", values({1, 2, 3}), -1, {}},
                              {"h = x / 2", values({0.5, 1, 1.5}), -1, {0}},
                              {"r = x + 1", values({2, 3, 4}), -1, {0}},
                              {"out = h * r", values({1, 3, 6}), -1, {1, 2}}};
    four[1].foldable = foldable;
    CHECK(grader::first_diverging(four, {0, -1, -1, -1}) == (foldable ? 2u : 1u));
    // Reached later, a folded step is done as before.
    CHECK(grader::first_diverging(four, {0, -1, 1, 2}) == 4u);
  }
}

namespace {

/// An op's event whose result lives at `address` and that is given the results at `given`.
kt::TraceEvent linked(const std::string& op, const std::vector<double>& v, uint64_t address,
                      const std::vector<uint64_t>& given = {}) {
  const auto meta = [](uint64_t at) {
    kt::TensorMeta m;
    m.sizes = {3};
    m.strides = {1};
    m.address = at;
    return m;
  };
  kt::TraceEvent e = event(op, values(v));
  e.output = meta(address);
  for (const uint64_t g : given) e.inputs.push_back(meta(g));
  return e;
}

}  // namespace

TEST_CASE("a later step made from a step computed after the op does not make the op ambiguous",
          "[journey]") {
  // x; g = 2x; u = x + 1; p = g * u. The code's tanh of x, before u, is g done differently: it
  // cannot be p, which needs u.
  const std::vector<Step> four = {{"x", values({1, 2, 3}), -1, {}},
                                  {"g = 2x", values({2, 4, 6}), -1, {0}},
                                  {"u = x + 1", values({2, 3, 4}), -1, {0}},
                                  {"p = g * u", values({4, 12, 24}), -1, {1, 2}}};
  const std::string text = journey_text_of(
      four,
      {linked("add", {1, 2, 3}, 10), linked("tanh", {9, 9, 9}, 11, {10}),
       linked("add", {2, 3, 4}, 12, {10}), linked("mul", {18, 27, 36}, 13, {11, 12})},
      values({18, 27, 36}));
  INFO(text);
  CHECK(text.find("#2 tanh of #1 (step 1) -> [3], other values  <- first divergence") !=
        std::string::npos);
}

TEST_CASE(
    "an op handed on with another input of a later step is no later step, but the diverging one",
    "[journey]") {
  // x; sig = x + 1; num = 3x; dx = num / sig. The code's num is wrong, then is divided
  // by sig: the division is dx, so the op before it is num done differently.
  const std::vector<Step> four = {{"x", values({1, 2, 3}), -1, {}},
                                  {"sig = x + 1", values({2, 3, 4}), -1, {0}},
                                  {"num = 3x", values({3, 6, 9}), -1, {0}},
                                  {"dx = num / sig", values({1.5, 2, 2.25}), -1, {2, 1}}};
  const std::vector<kt::TraceEvent> events = {
      linked("add", {1, 2, 3}, 10), linked("add", {2, 3, 4}, 11, {10}),
      linked("mul", {-3, -6, 3}, 12, {10}), linked("div", {-1.5, -2, 0.75}, 13, {12, 11})};
  const std::string text = journey_text_of(four, events, values({-1.5, -2, 0.75}));
  INFO(text);
  CHECK(text.find("#3 mul of #1 (step 1) -> [3], other values  <- first divergence") !=
        std::string::npos);
  // Handed on without sig, it could be dx done differently: which one is unknown.
  std::vector<kt::TraceEvent> alone = events;
  alone[3] = linked("exp", {0.05, 0.0025, 20}, 13, {12});
  CHECK(
      journey_text_of(four, alone, values({0.05, 0.0025, 20})).find("none  <- first divergence") !=
      std::string::npos);
}

TEST_CASE("of ops as like the step, one computed from all of its inputs is shown computing it",
          "[journey]") {
  // x; y; num = x + y. The code negates each and subtracts: the subtraction, computed from both,
  // not the negation of y given directly.
  const std::vector<Step> three = {{"x", values({1, 2, 3}), -1, {}},
                                   {"y", values({2, 3, 4}), -1, {}},
                                   {"num = x + y", values({3, 5, 7}), -1, {0, 1}}};
  const std::string text =
      journey_text_of(three,
                      {linked("add", {1, 2, 3}, 10), linked("sub", {2, 3, 4}, 11),
                       linked("neg", {-1, -2, -3}, 12, {10}), linked("neg", {-2, -3, -4}, 13, {11}),
                       linked("sub", {1, 1, 1}, 14, {12, 13})},
                      values({1, 1, 1}));
  INFO(text);
  CHECK(text.find("#5 sub of #3 and #4 -> [3], other values  <- first divergence") !=
        std::string::npos);
}

TEST_CASE("an op that returns an input unchanged is not shown computing a step; its input's op is",
          "[journey]") {
  // x; y = 2x. The code computes 5s from x, then a where that keeps every entry of them (given x
  // too): the mul computed y differently, the where only passed it on.
  const std::vector<Step> two = {steps()[0], steps()[1]};
  const std::string text =
      journey_text_of(two,
                      {linked("add", {1, 2, 3}, 10), linked("mul", {5, 5, 5}, 11, {10}),
                       linked("where", {5, 5, 5}, 12, {11, 10})},
                      values({5, 5, 5}));
  INFO(text);
  CHECK(text.find("#2 mul of #1 (step 1) -> [3], other values  <- first divergence") !=
        std::string::npos);
}

TEST_CASE("a multiple given an op that is already another multiple of the step says both",
          "[journey]") {
  // x; y = 2x. The code makes 6x (y times 3), then scales it by 0.2: the op shown is the nearer
  // multiple (times 0.6), and the factor 3 it was given is said too.
  const std::vector<Step> two = {steps()[0], steps()[1]};
  const std::string text =
      journey_text_of(two,
                      {linked("add", {1, 2, 3}, 10), linked("mul", {6, 12, 18}, 11, {10}),
                       linked("mul", {1.2, 2.4, 3.6}, 12, {11})},
                      values({1.2, 2.4, 3.6}));
  INFO(text);
  CHECK(text.find("(everywhere the step times 0.6); #2, which it is given, is already the step "
                  "times 3.") != std::string::npos);
}

TEST_CASE("a multiple of the step is shown with the ops made from it, where one is given a number",
          "[journey]") {
  // x; y = 2x. The code makes 6x (y times 3: a sum where a mean belongs), multiplies it by x, then
  // divides by 4 (meant to make the mean): the division is listed after the multiple.
  const std::vector<Step> two = {steps()[0], steps()[1]};
  kt::TraceEvent four = event("full", kt::from_vector(std::vector<double>{4.0}, {}));
  four.output.address = 13;
  kt::TraceEvent divided = linked("div", {1.5, 6, 13.5}, 14, {12});
  divided.inputs.push_back(four.output);
  std::vector<kt::TraceEvent> events = {linked("add", {1, 2, 3}, 10),
                                        linked("mul", {6, 12, 18}, 11, {10}),
                                        linked("mul", {6, 24, 54}, 12, {11, 10}), four, divided};
  const std::string text = journey_text_of(two, events, values({1.5, 6, 13.5}));
  INFO(text);
  CHECK(text.find("(everywhere the step times 3).") != std::string::npos);
  CHECK(text.find("Your code goes on with it: #3 mul of #2 and #1 (step 1) -> [3], #5 div of #3 "
                  "and the number 4 -> [3]. #5 divides by 4, where undoing the times 3 takes 3.") !=
        std::string::npos);
  CHECK(text.find("so the mistake is in that op or in what it is given") != std::string::npos);
  // With no number among the ops made from it, nothing is added.
  events[4] = linked("exp", {1, 2, 3}, 14, {12});
  CHECK(journey_text_of(two, events, values({1, 2, 3})).find("goes on with it") ==
        std::string::npos);
}

TEST_CASE(
    "a diverging step that moves values, made with them in other places, says so though "
    "nothing after it is reached",
    "[journey]") {
  // b = a with its halves swapped; the code reverses a instead (the k heads tiled where each is
  // repeated in place), and c = 2b is never reached, in any order.
  const std::vector<Step> three = {{"a", values({1, 2, 3, 4}), -1, {}},
                                   {"b = a, halves swapped", values({3, 4, 1, 2}), -1, {0}, true},
                                   {"c = 2b + a", values({7, 10, 5, 8}), -1, {1, 0}}};
  const std::string text =
      journey_text_of(three,
                      {event("add", values({1, 2, 3, 4})), event("cat", values({4, 3, 2, 1})),
                       event("mul", values({9, 8, 7, 6}))},
                      values({9, 8, 7, 6}));
  INFO(text);
  CHECK(text.find("#2 cat -> [4] (the same values, in other places)  <- first divergence") !=
        std::string::npos);
}

TEST_CASE("a multiple of the step is read as the call's scalar argument where it is one",
          "[journey]") {
  // x; y = 2x. The code makes 0.6x: y times 0.3, and the call named eps = 0.3 (and the root of
  // lr = 0.09 is 0.3 too: the number itself comes first).
  const std::vector<Step> two = {steps()[0], steps()[1]};
  const auto scalar = [](const std::string& name, double v, uint64_t address) {
    kt::TensorMeta m;
    m.address = address;
    return grader::NamedInput{name, kt::scalar_tensor(v), m, 0};
  };
  const std::string text =
      journey_text_of(two, {linked("add", {1, 2, 3}, 10), linked("mul", {0.6, 1.2, 1.8}, 11, {10})},
                      values({0.6, 1.2, 1.8}), {scalar("lr", 0.09, 97), scalar("eps", 0.3, 98)});
  INFO(text);
  CHECK(text.find("(everywhere the step times 0.3 = eps)") != std::string::npos);
}

TEST_CASE("a multiple that a later op divides back out is said to be the code's way to the step",
          "[journey]") {
  // x; y = 2x; z = y + 0.5. The code makes 6x (y times 3: a sum where a mean belongs), adds 0.5
  // to it, then divides by 3: the division undoes the factor, so the add before it is the mistake,
  // and z, which no op reaches, is the first divergence.
  const std::vector<Step> two = {
      steps()[0], steps()[1], {"z = y + 0.5", values({2.5, 4.5, 6.5}), -1, {1}}};
  const auto number = [](double v, uint64_t address) {
    kt::TraceEvent e = event("full", kt::from_vector(std::vector<double>{v}, {}));
    e.output.address = address;
    return e;
  };
  kt::TraceEvent added = linked("add", {6.5, 12.5, 18.5}, 13, {11});
  added.inputs.push_back(number(0.5, 12).output);
  kt::TraceEvent divided = linked("div", {6.5 / 3, 12.5 / 3, 18.5 / 3}, 15, {13});
  divided.inputs.push_back(number(3, 14).output);
  const std::vector<kt::TraceEvent> events_of_the_case = {linked("add", {1, 2, 3}, 10),
                                                          linked("mul", {6, 12, 18}, 11, {10}),
                                                          number(0.5, 12),
                                                          added,
                                                          number(3, 14),
                                                          divided};
  const std::string text =
      journey_text_of(two, events_of_the_case, values({6.5 / 3, 12.5 / 3, 18.5 / 3}));
  INFO(text);
  CHECK(text.find("(everywhere the step times 3). Your #6 divides that factor back out later, so "
                  "this op is your way to the step, not the mistake: the mistake is in what your "
                  "code does with its result before #6: #4 add of #2 and the number 0.5 -> [3].") !=
        std::string::npos);
  CHECK(text.find("so the mistake is in that op or in what it is given") == std::string::npos);
  CHECK(text.find("It is given") == std::string::npos);
  CHECK(text.find("Your code goes on with it: #4 add of #2 and the number 0.5 -> [3], #6 div of #4 "
                  "and the number 3 -> "
                  "[3].") != std::string::npos);
  CHECK(text.find("#2 mul of #1 (step 1) -> [3], other values (#6 divides them back)\n") !=
        std::string::npos);
  CHECK(text.find("none  <- first divergence") != std::string::npos);
  CHECK(grader::journey_text(two, events_of_the_case, values({6.5 / 3, 12.5 / 3, 18.5 / 3}), {},
                             false)
            .step == "step 3 (z = y + 0.5)");
}

TEST_CASE("a first step computed from an input one op changed first is shown computed differently",
          "[journey]") {
  // s = sum(x) (shape [1]), then t = 2s. The code adds b to x first (x's shape, not s's), then
  // sums that: the sum is s computed on the wrong tensor (Note [a first step computed from a
  // prepared input]).
  const auto meta = [](uint64_t address, kt::Shape sizes) {
    kt::TensorMeta m;
    m.strides = sizes.empty() ? kt::Shape{} : kt::Shape{1};
    m.sizes = std::move(sizes);
    m.address = address;
    return m;
  };
  const std::vector<Step> two = {{"s = sum(x)", values({6}), -1, {}},
                                 {"t = 2s", values({12}), -1, {0}}};
  kt::TraceEvent add = event("add", values({2, 3, 4}));
  add.inputs = {meta(1, {3}), meta(2, {3})};
  add.output = meta(10, {3});
  kt::TraceEvent sum = event("sum", values({9}));
  sum.inputs = {meta(10, {3})};
  sum.output = meta(11, {1});
  const std::vector<grader::NamedInput> inputs = {{"x", kt::Tensor(), meta(1, {3}), 0},
                                                  {"b", kt::Tensor(), meta(2, {3}), 0}};
  const std::string text = journey_text_of(two, {add, sum}, values({9}), inputs);
  INFO(text);
  CHECK(text.find("#2 sum of #1 -> [1], other values  <- first divergence") != std::string::npos);
  CHECK(text.find("Your op #2 sum of #1 -> [1] has the shape of step 1 (s = sum(x)) but computes "
                  "it differently") != std::string::npos);
  CHECK(text.find("It is given #1 add of x and b -> [3] (no step).") != std::string::npos);
  // Shown where it is given, it is not listed again.
  CHECK(text.find("between the steps and it") == std::string::npos);
  // Given the input itself, another op of the step's shape is the one compared, as before.
  kt::TraceEvent direct = event("mean", values({2}));
  direct.inputs = {meta(1, {3})};
  direct.output = meta(12, {1});
  const std::string first = journey_text_of(two, {add, direct, sum}, values({9}), inputs);
  INFO(first);
  CHECK(first.find("#2 mean of x -> [1], other values  <- first divergence") != std::string::npos);
}

TEST_CASE("ops left out of a long list give the span of numbers they were counted in",
          "[journey]") {
  // x; y = 2x. After x, twelve ops of another shape, one of which only made a plain number.
  const std::vector<Step> two = {steps()[0], steps()[1]};
  std::vector<kt::TraceEvent> events = {event("add", values({1, 2, 3}))};
  for (int n = 0; n < 12; ++n)
    events.push_back(n == 5
                         ? event("full", kt::scalar_tensor(2.0))
                         : event("neg", kt::from_vector(std::vector<double>{double(n), 1}, {2})));
  const std::string text = journey_text_of(two, events, values({0, 1}));
  INFO(text);
  // #2-#4 and #11-#13 listed; #5-#10 hold five ops of the list and #7, the plain number.
  CHECK(text.find(", and 5 more (among #5 to #10), then ") != std::string::npos);
}

TEST_CASE("a layout step no op makes is passed over when a later step is reached in another shape",
          "[journey]") {
  // Note [a layout step of code laid out its own way]: a = [1, 2, 3, 4]; b = a repeated (a layout
  // step, as gqa's kv heads repeated per group); c = 10a as [2, 2], reached as a [4] (code laid out
  // its own way never makes b); d = c + 1 never reached; e = d + b.
  const kt::Tensor a = values({1, 2, 3, 4});
  const std::vector<Step> five = {
      {"a", a, -1, {}},
      {"b = a repeated", values({1, 2, 3, 4, 1, 2, 3, 4}), -1, {0}, /*layout=*/true},
      {"c = 10a", (a * 10.0).view({2, 2}), -1, {0}},
      {"d = c + 1", (a * 10.0 + 1.0).view({2, 2}), -1, {2}},
      {"e = d + b", values({11, 21, 31, 41, 11, 21, 31, 41}), -1, {3, 1}}};
  const std::string text =
      journey_text_of(five, {event("add", a), event("mul", a * 10.0), event("add", a * 10.0 + 2.0)},
                      a * 10.0 + 2.0);
  INFO(text);
  CHECK(text.find(" 2. b = a repeated") != std::string::npos);
  CHECK(text.find("none (done another way)") != std::string::npos);
  CHECK(text.find("(the same values, laid out another way)") != std::string::npos);
  CHECK(text.find("Step 4 (d = c + 1, [2, 2]) is the first step no op") != std::string::npos);
  // With c reached in its own shape, nothing says the code lays its tensors out its own way: the
  // repeat no op makes is the divergence, as a repeat done wrong is.
  const std::string in_place = journey_text_of(
      five, {event("add", a), event("mul", (a * 10.0).view({2, 2})), event("add", a * 10.0 + 2.0)},
      a * 10.0 + 2.0);
  INFO(in_place);
  CHECK(in_place.find("Step 2 (b = a repeated, [8]) is the first step no op") != std::string::npos);
}

TEST_CASE("a reduction of the step's input over another axis than the step's is said to be so",
          "[journey]") {
  // Note [a reduction over another axis]: step 1 is x's maximum along dim 0 ([1, 3]); the code
  // takes one along dim 1 ([2, 1]) and goes on with it.
  const kt::Tensor x = kt::from_vector(std::vector<double>{1, 5, 2, 4, 3, 6}, {2, 3});
  const std::vector<Step> two = {
      {"max along dim 0 (keepdim)", kt::from_vector(std::vector<double>{4, 5, 6}, {1, 3}), -1, {}},
      {"x - max", kt::from_vector(std::vector<double>{-3, 0, -4, 0, -2, 0}, {2, 3}), -1, {0}}};
  kt::TensorMeta given;
  given.sizes = {2, 3};
  given.address = 50;
  const grader::NamedInput named{"x", x, given, 0};
  const auto text_with = [&](const std::string& op, const kt::Tensor& made) {
    kt::TraceEvent first = event(op, made);
    first.inputs = {given};
    first.output.address = 51;
    kt::TraceEvent minus =
        event("sub", kt::from_vector(std::vector<double>{-4, 0, -3, -2, -3, 0}, {2, 3}));
    kt::TensorMeta made_meta = first.output;
    minus.inputs = {given, made_meta};
    minus.output.address = 52;
    return journey_text_of(two, {first, minus}, minus.value, {named});
  };
  const std::string other_axis =
      text_with("amax", kt::from_vector(std::vector<double>{5, 6}, {2, 1}));
  INFO(other_axis);
  CHECK(other_axis.find("Your #1 amax reduces axis 1 of its [2, 3] input, where step 1 reduces "
                        "axis 0 (-2 from the end): if it is meant as that step, its axis is the "
                        "mistake.") != std::string::npos);
  // An op that takes a slice of that shape reduces nothing: not said.
  const std::string sliced =
      text_with("narrow", kt::from_vector(std::vector<double>{1, 4}, {2, 1}));
  INFO(sliced);
  CHECK(sliced.find("reduces axis") == std::string::npos);
  // A reduction of the step's own axis (a sum where the maximum belongs) has the step's shape:
  // shown computing it differently, not as another axis.
  const std::string same_axis =
      text_with("sum", kt::from_vector(std::vector<double>{5, 8, 8}, {1, 3}));
  INFO(same_axis);
  CHECK(same_axis.find("reduces axis") == std::string::npos);
  CHECK(same_axis.find("computes it differently") != std::string::npos);
}

TEST_CASE("a one_hot whose width follows the values is said where an op broadcast it",
          "[journey]") {
  // Note [a one_hot that broadcast]: targets all 0 make one column, which the product with the
  // [2, 3] log-probabilities broadcasts over every class.
  const kt::Tensor lp = kt::zeros({2, 3}, kt::Float64);
  const auto traced_with = [&](int64_t classes) {
    return grader::trace_learner([&] {
      const kt::Tensor target = kt::zeros({2}, kt::Int64);
      const kt::Tensor picked = kt::one_hot(target, classes).to(kt::Float64);
      return kt::sum(picked * lp);
    });
  };
  const std::string note = grader::one_hot_broadcast(traced_with(-1));
  INFO(note);
  CHECK(note.starts_with(" Your #"));
  CHECK(note.find(" one_hot(-1) made 1 column (with num_classes = -1, the largest index it is "
                  "given + 1: a width that follows the values, not the number of classes), and "
                  "your #") != std::string::npos);
  CHECK(
      note.ends_with(" mul broadcast it against [2, 3]: pass the number of classes, "
                     "kt::one_hot(index, num_classes)."));
  // The number of classes given: nothing to say.
  CHECK(grader::one_hot_broadcast(traced_with(3)).empty());
}
