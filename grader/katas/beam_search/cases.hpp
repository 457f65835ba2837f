// Random cases for the beam_search kata's checks (a model, bos, eos, the width, the steps and the
// length penalty), the call into the learner's kata::beam_search, and how a wrong result is
// explained: the first step whose hypotheses differ, read from the prefixes the learner's code
// asked the model about.
#pragma once

#include "grader/lib/kata.hpp"

#include "grader/katas/beam_search/mistakes.hpp"
#include "grader/katas/beam_search/model.hpp"
#include "reference/beam_search/beam_search.hpp"

namespace grader::kata_beam_search {

/// v with `digits` significant digits ("-1.25", "2").
inline std::string number(double v, int digits = 8) { return number_text(v, digits); }

/// Ranges a check draws its cases from. The defaults are the general checks' ranges.
struct Spec {
  int64_t v_min = 3, v_max = 8;
  int64_t beam_min = 2, beam_max = 4;
  int64_t steps_min = 2, steps_max = 6;
  std::vector<ModelKind> kinds = {ModelKind::Random, ModelKind::EosLikely, ModelKind::Peaked};
  std::vector<double> penalties = {1.0};
  bool any_layout = false;      // the model's tensors Float32 or strided, sometimes
  bool bos_may_be_eos = false;  // one case in five has bos == eos (as GPT-2 has)
};

/// The pitfall detectors' preset (Note [beam_search detectors] in detect.hpp): Float64 and
/// contiguous, V 4-8, widths 2-4, 3-6 steps.
Spec detector_spec(std::vector<ModelKind> kinds, std::vector<double> penalties);

struct Case {
  Model model;
  int64_t bos = 0, eos = 1;
  int64_t beam_width = 2, max_new_tokens = 3;
  double length_penalty = 1.0;
  /// The inputs as a learner should see them with a failure.
  [[nodiscard]] std::vector<std::pair<std::string, std::string>> describe() const;
  /// The model's values as the reference reads them.
  [[nodiscard]] ref::NextValues values() const;
  [[nodiscard]] ref::Search reference() const;
  /// A token as a learner reads it: "eos", "bos" or its id.
  [[nodiscard]] std::string token(int64_t t) const;
  /// "[3, 4, eos]".
  [[nodiscard]] std::string tokens(const std::vector<int64_t>& ts) const;
};

/// Draws a case inside a RapidCheck property: one whose finished hypotheses of different lengths
/// never have scores within 1e-9 of each other (Note [beam_search's tolerance] in cases.cpp).
Case generate(const Spec& spec);

/// grader::run_property, minus the RapidCheck values that only build what the case shows.
Outcome run_beam_property(uint64_t seed, int cases,
                          const std::function<std::optional<Failure>()>& body, bool shrink = true);

/// What the learner's kata::beam_search did on a case: the Run (its out the packed hypotheses),
/// the hypotheses, how many times it called the model and the prefixes it asked (in order, the
/// first 4096), and whether a tensor the model returned was modified.
struct Called {
  Run run;
  std::vector<ref::Hypothesis> hyps;
  int64_t model_calls = 0;
  std::vector<std::vector<int64_t>> asked;
  bool changed = false;
};
Called call_learner_on(const Case& c);

/// Whether `got` is `want`: the same hypotheses in the same order, tokens equal, log_prob and
/// score within 1e-9 (relative above 1; infinities equal).
bool same_result(const std::vector<ref::Hypothesis>& want, const std::vector<ref::Hypothesis>& got);

/// The result of a search with these choices on the case.
std::vector<ref::Hypothesis> simulate(const Case& c, const Steps& steps);

/// The failure for a case: the case, the hypotheses expected and got, and `message`.
Failure failure(const Case& c, const std::vector<ref::Hypothesis>& got, std::string message);
/// The failure for a call that threw (not_implemented when kt::NotImplemented).
Failure failure_from_run(const Case& c, const Run& run);
/// Where the learner's search first leaves the statement's, read from the prefixes it asked the
/// model about: the first step whose hypotheses differ (that step's candidates explained), a stop
/// at another step, or, when every step matches, the finished hypotheses and their scores.
struct Divergence {
  std::string headline;  // one sentence: what differs
  std::string detail;    // the statement's step (or finished hypotheses) that shows why
  std::string step;      // what a report groups failures by: "the live hypotheses after a step"
};
Divergence explain(const Case& c, const Called& called);
/// The failure for a wrong result: `lead` (what the mistake is, when known) then the divergence's
/// headline and `why` as the message, its detail as the journey.
Failure wrong_result(const Case& c, const Called& called, const std::string& lead,
                     const std::string& why);
/// The general comparison with the reference; `why` appended to a failure's message.
std::optional<Failure> compare(const Case& c, const Called& called, const std::string& why);
/// A detector's failure for a case it could not check (the call threw).
std::optional<Failure> cannot_check(const Case& c, const Called& called, const std::string& id);

}  // namespace grader::kata_beam_search
