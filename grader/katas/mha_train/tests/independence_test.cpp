// Note [independent dropout]: what independence() reads off many calls' outputs, on outputs made
// here from keep masks of known shapes, and how draws_taken counts what a call took from gen.
#include <rapidcheck/catch.h>

#include <catch2/catch.hpp>
#include <functional>
#include <vector>

#include "grader/katas/mha_train/cases.hpp"

namespace {

using grader::kata_mha_train::Case;
using grader::kata_mha_train::Independence;

/// The revealing module's output when its (B, H, T, T) weights after dropout are `w`: head h's
/// features of row i are (w[b, h, i, :], w[b, h, i, :]) + 0.25 (Note [weights seen through the
/// output]).
kt::Tensor output_carrying(const Case& c, const kt::Tensor& w) {
  const kt::Tensor rows = w.transpose(1, 2).unsqueeze(3);  // (B, T, H, 1, T)
  return rows.expand({c.B, c.T, c.H, 2, c.T}).contiguous().view({c.B, c.T, c.D()}) + 0.25;
}

/// `calls` outputs of a dropout whose keep mask `mask(gen)` returns (any shape broadcast to the
/// weights'), from one generator seeded with the case's seed.
std::vector<kt::Tensor> outputs(const Case& c,
                                const std::function<kt::Tensor(kt::Generator&)>& mask,
                                int calls = grader::kata_mha_train::kIndependenceCalls) {
  const kt::Tensor expected =
      grader::kata_mha_train::reveal(c, grader::kata_mha_train::run_reference(c)).expected;
  kt::Generator gen(c.gen_seed);
  std::vector<kt::Tensor> outs;
  for (int t = 0; t < calls; ++t)
    outs.push_back(output_carrying(c, kt::where(mask(gen), expected / (1.0 - c.p), 0.0)));
  return outs;
}

Independence with_mask(const Case& c, const kt::Shape& shape) {
  return grader::kata_mha_train::independence(
      c, outputs(c, [&](kt::Generator& gen) { return kt::rand(shape, gen) >= c.p; }));
}

}  // namespace

TEST_CASE("independent draws look independent, whatever the case", "[mha_train][independence]") {
  rc::prop("a full-shape mask passes every test", [] {
    const Case c = grader::kata_mha_train::independence_case();
    const Independence found = with_mask(c, {c.B, c.H, c.T, c.T});
    RC_ASSERT(found.applies);
    RC_ASSERT(found.problem == "");
    RC_ASSERT(found.shared_axes.empty());
  });
}

TEST_CASE("a mask shared along axes is named by those axes", "[mha_train][independence]") {
  rc::prop("each broadcast shape gives its own axes", [] {
    const Case c = grader::kata_mha_train::independence_case();
    const int64_t B = c.B, H = c.H, T = c.T;
    using Axes = std::vector<std::string>;
    const Axes batch_and_heads = {"batch entries", "heads"};
    RC_ASSERT(with_mask(c, {T, T}).shared_axes == batch_and_heads);
    RC_ASSERT(with_mask(c, {T, T}).shared_shape == "(1, 1, T, T)");
    RC_ASSERT(with_mask(c, {1, H, T, T}).shared_axes == Axes{"batch entries"});
    RC_ASSERT(with_mask(c, {B, 1, T, T}).shared_axes == Axes{"heads"});
    RC_ASSERT(with_mask(c, {B, H, 1, T}).shared_axes == Axes{"queries"});
    RC_ASSERT(with_mask(c, {B, H, T, 1}).shared_axes == Axes{"keys"});
    RC_ASSERT(with_mask(c, {B, 1, T, T}).problem ==
              "over 60 calls with one generator, your module dropped the same weights in every "
              "head: one mask of shape (B, 1, T, T) stood for the whole (B, H, T, T) weights "
              "(drawn once and broadcast, or drawn once and reused). Dropout decides every weight "
              "on its own, as nn.Dropout on the weights does: draw one number per weight.");
  });
}

TEST_CASE("dependence along no whole axis is still found", "[mha_train][independence]") {
  rc::prop("antithetic heads and anti-diagonals fail without a shared axis", [] {
    const Case c = grader::kata_mha_train::independence_case();
    const Independence antithetic = grader::kata_mha_train::independence(
        c, outputs(c, [&](kt::Generator& gen) {
          const kt::Tensor u = kt::rand({c.B, 1, c.T, c.T}, gen);
          std::vector<kt::Tensor> heads;
          for (int64_t h = 0; h < c.H; ++h) heads.push_back(h % 2 ? 1.0 - u : u);
          return kt::cat(heads, 1) >= c.p;
        }));
    RC_ASSERT(antithetic.problem != "");
    RC_ASSERT(antithetic.shared_axes.empty());
    const Independence diagonal_kept = grader::kata_mha_train::independence(
        c, outputs(c, [&](kt::Generator& gen) {
          return (kt::rand({c.B, c.H, c.T, c.T}, gen) >= c.p) | kt::eye(c.T).to(kt::Bool);
        }));
    RC_ASSERT(diagonal_kept.problem.find("was kept on every call") != std::string::npos);
  });
}

TEST_CASE("independence does not apply when nothing is dropped or the copies differ",
          "[mha_train][independence]") {
  rc::prop("no decision to read", [] {
    const Case c = grader::kata_mha_train::independence_case();
    const Independence none = grader::kata_mha_train::independence(
        c, outputs(
               c, [&](kt::Generator&) { return kt::ones({1}, kt::Bool); }, 5));
    RC_ASSERT(!none.applies);
    RC_ASSERT(none.problem == "");
    std::vector<kt::Tensor> outs = outputs(
        c,
        [&](kt::Generator& gen) {
          return kt::rand({c.B, c.H, c.T, c.T}, gen) >= c.p;
        },
        5);
    outs[2] = outs[2].clone();
    outs[2].narrow(2, c.T, 1).fill_(0.0);  // head 0's second copy of key 0 zeroed: dropped later
    const Independence later = grader::kata_mha_train::independence(c, outs);
    RC_ASSERT(!later.applies);
    RC_ASSERT(later.problem == "");
  });
}

TEST_CASE("draws_taken counts the numbers a call took from a generator", "[mha_train][gen]") {
  kt::Generator gen(7);
  CHECK(grader::draws_taken(7, gen) == 0);
  gen.next_u64();
  CHECK(grader::draws_taken(7, gen) == 1);
  (void)kt::rand({2, 3, 4, 4}, gen);
  CHECK(grader::draws_taken(7, gen) == 1 + 96);
  gen.manual_seed(8);
  CHECK(grader::draws_taken(7, gen) == -1);
  CHECK(grader::draws_taken(8, gen) == 0);
}

TEST_CASE("a head never dropped is named, beside the rate and p", "[mha_train][independence]") {
  rc::prop("a dropout of head 0 only leaves every other head whole", [] {
    const Case c = grader::kata_mha_train::independence_case();
    RC_PRE(c.H >= 2);
    const Independence found = grader::kata_mha_train::independence(
        c, outputs(c, [&](kt::Generator& gen) {
          const kt::Tensor drawn = kt::rand({c.B, c.H, c.T, c.T}, gen) >= c.p;
          // Heads 1.. kept whole.
          return drawn | (kt::arange(double(c.H)).view({1, c.H, 1, 1}) >= 1.0);
        }));
    RC_ASSERT(found.problem.find("% of all weights were dropped (dropout_p = ") !=
              std::string::npos);
    RC_ASSERT(found.problem.find(" on any call: your dropout leaves that head out.") !=
              std::string::npos);
  });
}
