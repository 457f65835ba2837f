#include "grader/katas/speculative_decoding/catalogue.hpp"

namespace grader::kata_speculative_decoding {

std::vector<Entry> catalogue() {
  using S = Steps;
  return {
      {{"ratio_inverted", "the tokens of a step that accepts when u < q[x] / p[x]",
        "Accept when u < p[x] / q[x]: the target's probability over the draft's."},
       {.ratio = S::Ratio::QoverP}},
      {{"residual_not_normalized",
        "the tokens of a step that draws a rejection's token from max(0, p - q) not divided by "
        "its sum",
        "Divide max(0, p - q) by its sum before the draw."},
       {.residual = S::Residual::NotNormalized}},
      {{"residual_not_clamped",
        "the tokens of a step whose residual keeps the negative entries of p - q",
        "Clamp: max(0, p - q), then divide by its sum."},
       {.residual = S::Residual::NotClamped}},
      {{"resample_from_target", "the tokens of a step that draws a rejection's token from p",
        "Draw from the residual max(0, p - q) / its sum, not from p."},
       {.residual = S::Residual::Target}},
      {{"no_bonus_token",
        "the tokens of a step that appends nothing when every draft token is accepted",
        "When all K are accepted, draw one more token from p_K and append it."},
       {.bonus = S::Bonus::NoneNoDraw}},
      {{"accept_by_target_probability",
        "the tokens of a step that accepts when u < p[x], the draft's q[x] left out",
        "Accept when u < p[x] / q[x]: the ratio, not the target's probability alone."},
       {.ratio = S::Ratio::P}},
      {{"resample_from_draft", "the tokens of a step that draws a rejection's token from q",
        "Draw from the residual max(0, p - q) / its sum: the draft's q made the rejected "
        "proposal."},
       {.residual = S::Residual::Draft}},
      {{"rejection_appends_nothing",
        "the tokens of a step that appends no token (and draws none) after a rejection",
        "At the first rejection append one token drawn from the residual: a step always "
        "appends at least one token."},
       {.residual = S::Residual::Nothing}},
      {{"residual_over_its_maximum",
        "the tokens of a step that divides max(0, p - q) by its largest entry, not by its sum, "
        "before a rejection's draw (the running sum passes u early: the first tokens of the "
        "residual come too often, the last never)",
        "Divide max(0, p - q) by its sum: the weights the draw walks must add up to 1."},
       {.residual = S::Residual::OverMax}},
      {{"resample_without_draft_token",
        "the tokens of a step that draws a rejection's token from p with the rejected draft "
        "token taken out and the rest renormalised",
        "Draw from the residual max(0, p - q) divided by its sum: it leaves out what the draft "
        "already covers, not only the rejected token (p - q is 0 or less for that token "
        "anyway)."},
       {.residual = S::Residual::TargetWithoutDraft}},
      {{"one_u_for_every_test",
        "the tokens of a step that draws one u per call and compares it in every acceptance test "
        "(one draw fewer than the statement's for each token tested after the first)",
        "Draw a new u = gen.uniform() for each draft token tested, inside the loop, then one more "
        "for the final draw."},
       {.one_u_for_every_test = true}},
      {{"bonus_from_last_draft_row",
        "the tokens of a step that draws the bonus token from p_{K-1} instead of p_K",
        "The bonus token comes from p_K, the target's distribution after all K draft tokens "
        "(target_probs has K + 1 rows)."},
       {.bonus = S::Bonus::FromLastDraft}},
      {{"accepts_when_target_at_least_draft",
        "the tokens of a step that accepts a draft token exactly when p[x] >= q[x], and rejects "
        "it otherwise, with no u drawn for the test",
        "Accept with probability min(1, p[x] / q[x]): draw u = gen.uniform() and accept when u < "
        "p[x] / q[x]. Where p[x] < q[x] the token is still accepted some of the time."},
       {.ratio = S::Ratio::AtLeast}},
      {{"greedy_verification",
        "the tokens of a step that accepts a draft token exactly when it is the target's most "
        "probable token, with no u drawn for the test",
        "Speculative sampling keeps the target's distribution, not its argmax: draw u = "
        "gen.uniform() for each draft token and accept when u < p[x] / q[x], so a token the "
        "target finds less likely than the draft does is still accepted some of the time."},
       {.ratio = S::Ratio::Argmax}},
      {{"residual_drawn_with_rejected_u",
        "the tokens of a step that draws a rejection's token with the u its acceptance test "
        "rejected, not a new one (that u is at least p/q, so the draw leans to the residual's "
        "last tokens)",
        "After a rejection draw a new u = gen.uniform() for the residual's token: the u that was "
        "rejected is no longer uniform on [0, 1)."},
       {.draw = S::Draw::RejectedU}},
      {{"residual_argmax",
        "the tokens of a step that takes the residual's most likely token at a rejection instead "
        "of drawing one (no u drawn for it)",
        "Draw the token from the normalised residual with a new u = gen.uniform(): the first "
        "index whose running sum exceeds u. Its largest entry is a greedy pick, not a sample."},
       {.draw = S::Draw::Largest}},
      {{"rejected_token_kept",
        "the tokens of a step that appends the rejected draft token too, before the token drawn "
        "from the residual (the tokens tested kept, not the tokens accepted)",
        "At the first rejection keep only the draft tokens accepted before it, then append the "
        "one token drawn from the residual: a call appends at most K + 1 tokens, and a rejected "
        "draft token is never one of them."},
       {.rejected_kept = true}},
      {{"generator_copied",
        "the tokens of steps that each draw from a copy of gen, so every call takes the same "
        "uniforms from the start of gen's stream and the caller's gen never moves",
        "Draw from the kt::Generator& you are given (gen.uniform()), never from a copy: `auto rng "
        "= gen;` or a by-value parameter copies its state, and the caller's gen must advance by "
        "each number taken."},
       {.generator_copied = true}},
  };
}

std::vector<Case> discriminating_cases() {
  const auto make = [](std::vector<double> q, std::vector<double> p, int64_t k, int64_t v,
                       std::vector<std::vector<int64_t>> drafts, uint64_t seed) {
    Case c;
    c.draft_probs = kt::from_vector(q, {k, v});
    c.target_probs = kt::from_vector(p, {k + 1, v});
    c.drafts = std::move(drafts);
    c.gen_seed = seed;
    c.values = "fixed";
    return c;
  };
  return {
      // p and q apart: rejections, the residual's draws.
      make({0.5, 0.3, 0.1, 0.1, 0.2, 0.5, 0.2, 0.1},
           {0.1, 0.2, 0.3, 0.4, 0.4, 0.1, 0.1, 0.4, 0.25, 0.25, 0.25, 0.25}, 2, 4,
           {{0, 1},
            {1, 1},
            {0, 0},
            {1, 2},
            {0, 1},
            {2, 1},
            {0, 3},
            {1, 0},
            {0, 1},
            {3, 1},
            {1, 1},
            {0, 2}},
           21),
      // p = q but the last row: every draft accepted, the bonus token.
      make({0.4, 0.3, 0.2, 0.1, 0.25, 0.25, 0.25, 0.25},
           {0.4, 0.3, 0.2, 0.1, 0.25, 0.25, 0.25, 0.25, 0.05, 0.15, 0.3, 0.5}, 2, 4,
           {{0, 1}, {1, 3}, {2, 0}, {0, 0}, {3, 2}, {1, 1}}, 22),
      // One draft token, p above q on some tokens and below on others.
      make({0.6, 0.2, 0.1, 0.1}, {0.3, 0.3, 0.3, 0.1, 0.1, 0.2, 0.3, 0.4}, 1, 4,
           {{0}, {0}, {1}, {0}, {2}, {0}, {3}, {0}, {1}, {0}, {0}, {2}}, 23),
  };
}

kt::Tensor outcome(const Replay& r) {
  std::vector<double> out;
  for (const auto& t : r.tokens) {
    out.push_back(double(t.size()));
    for (int64_t x : t) out.push_back(double(x));
  }
  out.push_back(double(r.draws));
  return kt::from_vector(out, {int64_t(out.size())});
}

void diagnose_after_shrinking(Failure& f, const Case& failing) {
  grader::diagnose_after_shrinking<Case>(f, failing, [] {
    Diagnosis<Case> d = diagnosis_over<Case>(catalogue(), [](const Entry& e, const Case& c) {
      return outcome(replay_with(c, e.steps));
    });
    d.discriminating_cases = discriminating_cases;
    d.learner = [](const Case& c) {
      const Called called = call_learner_on(c);
      if (!called.run.ok() || called.changed) return kt::Tensor();
      return outcome({called.tokens, called.draws, called.call_draws});
    };
    d.reference = [](const Case& c) { return outcome(reference_replay(c)); };
    d.wrong = [](const Case&, const kt::Tensor& got, const kt::Tensor& expected) {
      return !got.defined() || !kt::equal(got, expected);
    };
    return d;
  });
}

}  // namespace grader::kata_speculative_decoding
