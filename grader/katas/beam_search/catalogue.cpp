#include "grader/katas/beam_search/catalogue.hpp"

namespace grader::kata_beam_search {

std::vector<Entry> catalogue() {
  using S = Steps;
  return {
      {{"per_beam_top_k",
        "the hypotheses of a search that keeps each live hypothesis's own best beam_width "
        "extensions before selecting",
        "Select from every extension of every live hypothesis at once."},
       {.pool = S::Pool::PerBeam}},
      {{"each_beam_its_best_token",
        "the hypotheses of a search that extends each live hypothesis by its own best token only "
        "(at most one candidate a hypothesis, so the beams never branch)",
        "Put every extension of every live hypothesis in one pool (live hypotheses x vocabulary), "
        "then take the best beam_width of them: a hypothesis may give several."},
       {.pool = S::Pool::PerBeamBest}},
      {{"finished_beams_extended",
        "the hypotheses of a search that extends finished hypotheses again",
        "A hypothesis that takes eos is finished: never extend it again."},
       {.eos = S::Eos::ExtendedAgain}},
      {{"no_length_penalty", "the hypotheses of a search whose score is log_prob",
        "score = log_prob / tokens.size() ^ length_penalty, and sort by it."},
       {.score = S::Score::LogProb}},
      {{"eos_kept_live", "the hypotheses of a search that keeps eos hypotheses in the live slots",
        "An eos candidate is finished and takes no live slot: take candidates until beam_width "
        "are not eos."},
       {.eos = S::Eos::KeptLive}},
      {{"probabilities_multiplied",
        "the hypotheses of a search that multiplies probabilities (they underflow to 0)",
        "Add log-probabilities: log_prob is the running sum of the model's values."},
       {.carry = S::Carry::Products}},
      {{"eos_takes_a_slot",
        "the hypotheses of a search whose eos candidates take a live slot (the first beam_width "
        "candidates taken, eos or not, and fewer live)",
        "Keep taking candidates until beam_width of them are not eos: the eos ones taken on the "
        "way are finished and take no slot."},
       {.eos = S::Eos::TakesSlot}},
      {{"penalty_counts_bos",
        "the scores of a search whose length counts bos (log_prob / (size + 1) ^ "
        "length_penalty)",
        "The length is tokens.size(): bos is not a token of the hypothesis (eos is)."},
       {.score = S::Score::CountsBos}},
      {{"penalty_on_finished_only",
        "the scores of a search that divides by the length penalty only the hypotheses that "
        "ended with eos (those still live at the stop scored by their log_prob)",
        "Every hypothesis returned gets score = log_prob / tokens.size() ^ length_penalty, the "
        "live ones left at the stop as well as those that ended with eos."},
       {.score = S::Score::FinishedOnly}},
      {{"sorted_by_log_prob", "the finished hypotheses sorted by log_prob instead of by score",
        "Sort the finished hypotheses by score (ties: higher log_prob, then smaller tokens)."},
       {.order = S::Order::LogProb}},
      {{"live_dropped_at_stop",
        "the hypotheses of a search that drops the live hypotheses left at the stop",
        "When the search stops, the live hypotheses left are finished too (scored and sorted "
        "with the others)."},
       {.live_finished_at_stop = false}},
      {{"stops_at_first_finished",
        "the hypotheses of a search that stops after the first step that finishes one",
        "Stop after a step that leaves at least beam_width finished (or none live, or "
        "max_new_tokens steps)."},
       {.stop = S::Stop::AtFirstFinished}},
      {{"never_stops_early",
        "the hypotheses of a search that goes on until max_new_tokens however many have finished",
        "Stop after a step that leaves at least beam_width finished: the statement's search ends "
        "there."},
       {.stop = S::Stop::Never}},
      {{"stops_when_best_candidate_is_eos",
        "the hypotheses of a search that stops after a step whose best candidate ends in eos "
        "(greedy decoding's rule), not when beam_width have finished",
        "Stop after a step that leaves at least beam_width finished (or none live, or "
        "max_new_tokens steps): one eos, even the best candidate, finishes one hypothesis only."},
       {.stop = S::Stop::AtBestEos}},
      {{"starts_with_width_copies",
        "the hypotheses of a search that starts from beam_width copies of the empty hypothesis",
        "Start from one empty hypothesis: beam_width copies give every first token beam_width "
        "times."},
       {.start_with_copies = true}},
      {{"tokens_include_bos", "the statement's hypotheses with bos first in their tokens",
        "tokens leave bos out: they are what the search generated, eos included."},
       {.tokens_with_bos = true}},
      {{"log_prob_not_accumulated",
        "the hypotheses of a search whose log_prob is the model's value for the last token alone, "
        "not the running sum along the tokens",
        "A candidate's log_prob is its hypothesis's log_prob plus the model's value for the new "
        "token: carry the sum from step to step."},
       {.carry = S::Carry::Last}},
      {{"finished_not_sorted",
        "the statement's finished hypotheses in the order they finished (those that took eos, "
        "then the live ones left at the stop), not sorted by score",
        "Sort the finished hypotheses by decreasing score (ties: higher log_prob, then the "
        "smaller tokens) before keeping the first beam_width."},
       {.order = S::Order::Found}},
      {{"one_step_too_many", "the hypotheses of a search that runs max_new_tokens + 1 steps",
        "Run at most max_new_tokens steps: loop while step < max_new_tokens."},
       {.one_step_more = true}},
  };
}

std::vector<Case> discriminating_cases() {
  const auto make = [](ModelKind kind, int64_t v, int64_t bos, int64_t eos, int64_t width,
                       int64_t steps, double penalty, uint64_t seed) {
    Case c;
    c.model = {.v = v, .seed = seed, .kind = kind, .eos = eos};
    c.bos = bos;
    c.eos = eos;
    c.beam_width = width;
    c.max_new_tokens = steps;
    c.length_penalty = penalty;
    return c;
  };
  return {make(ModelKind::EosLikely, 6, 0, 1, 3, 5, 0.5, 11),
          make(ModelKind::EosLikely, 5, 2, 0, 2, 6, 2.0, 12),
          make(ModelKind::Random, 6, 0, 5, 2, 4, 1.0, 13),
          make(ModelKind::Tiny, 5, 0, 1, 2, 4, 1.0, 14)};
}

kt::Tensor outcome(const std::vector<ref::Hypothesis>& hyps) {
  std::vector<double> packed{double(hyps.size())};
  for (const ref::Hypothesis& h : hyps) {
    packed.push_back(double(h.tokens.size()));
    for (int64_t t : h.tokens) packed.push_back(double(t));
    packed.push_back(h.log_prob);
    packed.push_back(h.score);
  }
  return kt::from_vector(packed, {int64_t(packed.size())});
}

void diagnose_after_shrinking(Failure& f, const Case& failing) {
  grader::diagnose_after_shrinking<Case>(f, failing, [] {
    Diagnosis<Case> d = diagnosis_over<Case>(
        catalogue(), [](const Entry& e, const Case& c) { return outcome(simulate(c, e.steps)); });
    d.discriminating_cases = discriminating_cases;
    d.keeps_failing = [](const Case& c) { return !c.model.float32; };
    d.learner = [](const Case& c) {
      const Called called = call_learner_on(c);
      return called.run.ok() && !called.changed ? outcome(called.hyps) : kt::Tensor();
    };
    d.reference = [](const Case& c) { return outcome(c.reference().result); };
    d.wrong = [](const Case&, const kt::Tensor& got, const kt::Tensor& expected) {
      return !got.defined() || !kt::equal(got, expected);
    };
    return d;
  });
}

}  // namespace grader::kata_beam_search
