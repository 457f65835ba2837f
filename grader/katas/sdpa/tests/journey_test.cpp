// The sdpa kata's first diverging step and attention map (grader/katas/sdpa/journey.hpp): a call
// with a single bug in one step of scaled dot-product attention is reported at that step; a
// correct one, or a legitimate variant of one, diverges nowhere; its weights are found.
#include <catch2/catch.hpp>

#include <cmath>

#include "grader/katas/sdpa/journey.hpp"
#include "grader/tests/lib/diverging_step.hpp"
#include "grader/tests/lib/learner_stand_ins.hpp"

namespace {

using namespace grader;
using namespace grader::kata_sdpa;

using Learner = std::function<kt::Tensor(const kt::Tensor& q, const kt::Tensor& k,
                                         const kt::Tensor& v, const kt::Tensor& allowed)>;

/// A case with one leading axis, T_q = 3, T_k = 4, d_k = d_v = 2, a mask and is_causal.
Case a_case() {
  kt::Generator gen(11);
  Case c;
  c.q = kt::randn({2, 3, 2}, gen);
  c.k = kt::randn({2, 4, 2}, gen);
  c.v = kt::randn({2, 4, 2}, gen);
  c.mask = (kt::rand({2, 3, 4}, gen) < 0.6) |
           (kt::tril(kt::ones({3, 4}, kt::Bool), 1) & ~kt::tril(kt::ones({3, 4}, kt::Bool), 0));
  c.causal = true;
  return c;
}

/// The pretend learner computes `learner` from the inputs and the keys each query may see.
void learner_computes(Learner learner) {
  stand_in::sdpa = [learner](const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                             const std::optional<kt::Tensor>& mask, bool causal) {
    kt::Tensor allowed = kt::ones({q.size(-2), k.size(-2)}, kt::Bool);
    if (causal) allowed = kt::tril(allowed, k.size(-2) - q.size(-2));
    if (mask) allowed = allowed & *mask;
    return learner(q, k, v, allowed);
  };
}

kt::Tensor fill(const kt::Tensor& scores, const kt::Tensor& allowed) {
  return scores.masked_fill(~allowed, kt::finfo(kt::Float64).min);
}

kt::Tensor correct(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                   const kt::Tensor& allowed) {
  const kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) / std::sqrt(double(q.size(-1)));
  return kt::matmul(kt::softmax(fill(scores, allowed), -1), v);
}

struct Reset {
  ~Reset() { stand_in::sdpa = nullptr; }
};

}  // namespace

TEST_CASE("a correct sdpa diverges nowhere, nor do its legitimate variants", "[journey]") {
  const Reset reset;
  learner_computes(correct);
  CHECK(journey(a_case()).text.empty());
  // The scale folded into q: the unscaled scores are never computed, the scaled ones are.
  learner_computes([](const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                      const kt::Tensor& allowed) {
    const kt::Tensor scores = kt::matmul(q / std::sqrt(double(q.size(-1))), k.transpose(-2, -1));
    return kt::matmul(kt::softmax(fill(scores, allowed), -1), v);
  });
  CHECK(journey(a_case()).text.empty());
  // The softmax written out, with the max subtracted.
  learner_computes(
      [](const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v, const kt::Tensor& allowed) {
        const kt::Tensor scores =
            fill(kt::matmul(q, k.transpose(-2, -1)) / std::sqrt(double(q.size(-1))), allowed);
        const kt::Tensor e = kt::exp(scores - kt::amax(scores, -1, true));
        return kt::matmul(e / kt::sum(e, -1, true), v);
      });
  CHECK(journey(a_case()).text.empty());
}

TEST_CASE("a single bug in each step of sdpa is reported at that step", "[journey]") {
  const Reset reset;
  struct Bug {
    const char* what;
    Learner learner;
    const char* step;
  };
  const double s = std::sqrt(2.0);
  const std::vector<Bug> bugs = {
      {"scores from the values, not the keys",
       [s](auto& q, auto&, auto& v, auto& allowed) {
         return kt::matmul(kt::softmax(fill(kt::matmul(q, v.transpose(-2, -1)) / s, allowed), -1),
                           v);
       },
       "scores = q kᵀ"},
      {"scores not scaled",
       [](auto& q, auto& k, auto& v, auto& allowed) {
         return kt::matmul(kt::softmax(fill(kt::matmul(q, k.transpose(-2, -1)), allowed), -1), v);
       },
       "scores / sqrt(d_k)"},
      {"attn_mask's true read as masked",
       [s](auto& q, auto& k, auto& v, auto& allowed) {
         const kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) / s;
         return kt::matmul(kt::softmax(fill(scores, ~allowed | kt::eye(3, 4, kt::Bool)), -1), v);
       },
       "masked scores (finfo.min where masked)"},
      {"softmax over the queries",
       [s](auto& q, auto& k, auto& v, auto& allowed) {
         const kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) / s;
         return kt::matmul(kt::softmax(fill(scores, allowed), -2), v);
       },
       "weights = softmax over the keys (dim -1)"},
      {"the weights applied to the keys",
       [s](auto& q, auto& k, auto&, auto& allowed) {
         const kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) / s;
         return kt::matmul(kt::softmax(fill(scores, allowed), -1), k);
       },
       "out = weights @ v"},
  };
  for (const Bug& bug : bugs) {
    INFO(bug.what);
    learner_computes(bug.learner);
    const std::string text = journey(a_case()).text;
    INFO(text);
    CHECK(diverging_step(text) == bug.step);
    CHECK(text.rfind("On the case T_q = 3, T_k = 4, d_k = 2, d_v = 2, "
                     "scaled_dot_product_attention(q, k, v, attn_mask, /*is_causal=*/true):\n",
                     0) == 0);
  }
}

TEST_CASE("the sdpa attention map shows the learner's weights beside the correct ones",
          "[attention map]") {
  const Reset reset;
  // Masked after the softmax: the masked weights are 0 and the rows no longer sum to 1.
  learner_computes([](const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                      const kt::Tensor& allowed) {
    const kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) / std::sqrt(double(q.size(-1)));
    return kt::matmul(kt::softmax(scores, -1).masked_fill(~allowed, 0.0), v);
  });
  const AttentionMap m = attention_map(a_case());
  REQUIRE(m.rows == 3);
  REQUIRE(m.cols == 4);
  CHECK(m.where.rfind("index along leading axis 0 ", 0) == 0);
  const auto row_sum = [&](const std::vector<double>& g, int i) {
    double sum = 0;
    for (int j = 0; j < 4; ++j) sum += g[size_t(i * 4 + j)];
    return sum;
  };
  for (int i = 0; i < 3; ++i) CHECK(row_sum(m.expected, i) == Approx(1.0));
  CHECK(row_sum(m.got, 0) < 0.999);  // query 0 sees 2 of 4 keys (causal) at most
  // Correct weights: the map is there and shows no difference.
  learner_computes(correct);
  const AttentionMap right = attention_map(a_case());
  REQUIRE(right.rows == 3);
  for (size_t i = 0; i < right.got.size(); ++i) CHECK(right.got[i] == Approx(right.expected[i]));
}
