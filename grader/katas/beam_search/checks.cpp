// The beam_search kata's general checks: one step, width 1 (greedy), random models, tied
// candidates, hypotheses that finish early (bos == eos too), length penalties, values whose
// products underflow, Float32 and strided model outputs, the model's tensors left as they were,
// and arguments outside the API refused. Each known pitfall has its own detector in
// pitfalls/ID.cpp (see detect.hpp).
#include <rapidcheck.h>

#include "grader/katas/beam_search/cases.hpp"
#include "grader/katas/beam_search/catalogue.hpp"

namespace grader::kata_beam_search {
namespace {

constexpr int kCases = 100;

/// The learner's search on a case against the reference, diagnosed against the catalogue when
/// wrong.
std::optional<Failure> search(const Case& c, const std::string& why) {
  const Called called = call_learner_on(c);
  auto f = compare(c, called, why);
  if (f && called.run.ok()) diagnose_after_shrinking(*f, c);
  return f;
}

Outcome check_one_step(uint64_t seed) {
  return run_beam_property(seed, kCases / 2, [&]() -> std::optional<Failure> {
    Spec spec;
    spec.steps_min = spec.steps_max = 1;
    return search(generate(spec),
                  " With max_new_tokens = 1 there is one step: the candidates are the first "
                  "tokens, taken in decreasing log_prob until beam_width of them are not eos; "
                  "an eos taken before that is finished, and the live ones are finished at the "
                  "stop.");
  });
}

Outcome check_greedy(uint64_t seed) {
  return run_beam_property(seed, kCases / 2, [&]() -> std::optional<Failure> {
    Spec spec;
    spec.beam_min = spec.beam_max = 1;
    return search(generate(spec),
                  " With beam_width = 1 beam search is greedy decoding: each step keeps the one "
                  "best extension that is not eos, and an eos better than it finishes.");
  });
}

Outcome check_beams(uint64_t seed) {
  return run_beam_property(
      seed, kCases, [&]() -> std::optional<Failure> { return search(generate(Spec{}), ""); });
}

Outcome check_ties(uint64_t seed) {
  return run_beam_property(seed, kCases / 2, [&]() -> std::optional<Failure> {
    Spec spec;
    spec.kinds = {ModelKind::Ties};
    return search(generate(spec),
                  " Here many candidates tie: take them in the order of their live hypothesis, "
                  "then of their token (a stable sort of the candidates built in that order "
                  "does it); the result's ties go to the higher log_prob, then the smaller "
                  "tokens.");
  });
}

Outcome check_eos(uint64_t seed) {
  return run_beam_property(seed, kCases, [&]() -> std::optional<Failure> {
    Spec spec;
    spec.kinds = {ModelKind::EosLikely};
    spec.bos_may_be_eos = true;
    spec.steps_min = 3;
    return search(generate(spec),
                  " An eos candidate taken before the live set is full is finished: it takes no "
                  "live slot and is never extended; the search stops once beam_width have "
                  "finished.");
  });
}

Outcome check_length_penalty(uint64_t seed) {
  return run_beam_property(seed, kCases / 2, [&]() -> std::optional<Failure> {
    Spec spec;
    spec.kinds = {ModelKind::EosLikely};
    spec.penalties = {0.0, 0.5, 2.0};
    spec.steps_min = 3;
    return search(generate(spec),
                  " The score is log_prob / tokens.size() ^ length_penalty (eos counted, bos "
                  "not); the finished hypotheses are returned by score.");
  });
}

Outcome check_tiny_probabilities(uint64_t seed) {
  return run_beam_property(seed, kCases / 2, [&]() -> std::optional<Failure> {
    Spec spec;
    spec.kinds = {ModelKind::Tiny};
    spec.steps_min = 3;
    return search(generate(spec),
                  " The model's values here are near -300: exp of one is 1e-131, and a product "
                  "of three is 0 in float64, so probabilities multiplied all tie at 0; their "
                  "sums (log_prob) do not.");
  });
}

Outcome check_any_dtype_or_layout(uint64_t seed) {
  return run_beam_property(seed, kCases / 2, [&]() -> std::optional<Failure> {
    Spec spec;
    spec.any_layout = true;
    const Case c = generate(spec);
    // Said only where the case's model does return such tensors.
    return search(c, !c.model.float32 && !c.model.strided
                         ? ""
                         : std::string(" Here the model returns ") +
                               (c.model.float32 ? "Float32 tensors" : "Float64 tensors") +
                               (c.model.strided ? ", views whose elements are not adjacent" : "") +
                               ": read them as float64 values (t.to(kt::Float64).contiguous() "
                               "then to_vector<double>()), never through data_ptr() as if "
                               "contiguous.");
  });
}

Outcome check_model_outputs_unchanged(uint64_t seed) {
  return run_beam_property(seed, kCases / 2, [&]() -> std::optional<Failure> {
    const Case c = generate(Spec{});
    const Called called = call_learner_on(c);
    if (!called.run.ok()) return failure_from_run(c, called.run);
    if (!called.changed) return std::nullopt;
    return failure(c, called.hyps,
                   "your beam_search changed a tensor the model returned. A model may return "
                   "its own cached tensor (this one does, for a prefix asked again), and a "
                   "kt::Tensor copy shares its storage, so an in-place op on it (add_, copy_, "
                   "masked_fill_) changes the model. Compute into new tensors (log_probs + "
                   "score) or plain vectors.");
  });
}

Outcome check_bad_arguments_throw(uint64_t seed) {
  return run_beam_property(seed, kCases / 4, [&]() -> std::optional<Failure> {
    Case c = generate(Spec{});
    const auto bad = *rc::gen::inRange(0, 4).as("the argument outside the API");
    std::string what;
    switch (bad) {
      case 0:
        c.beam_width = 0;
        what = "beam_width = 0 (it must be >= 1)";
        break;
      case 1:
        c.beam_width = -2;
        what = "beam_width = -2 (it must be >= 1)";
        break;
      case 2:
        c.max_new_tokens = 0;
        what = "max_new_tokens = 0 (it must be >= 1)";
        break;
      default:
        c.max_new_tokens = -1;
        what = "max_new_tokens = -1 (it must be >= 1)";
        break;
    }
    const Called called = call_learner_on(c);
    const size_t n = called.hyps.size();
    return value_error_expected(
        called.run, [&] { return failure_from_run(c, called.run); }, what,
        "returned " + std::to_string(n) + " hypothes" + (n == 1 ? "is" : "es"),
        "Check both first: throw kt::ValueError(\"beam_width must be >= 1, got 0\") and the like.",
        c.describe());
  });
}

const Registrar registered_one_step({"one_step", "one step returns the best first tokens",
                                     check_one_step});
const Registrar registered_greedy({"greedy", "beam_width 1 is greedy decoding", check_greedy});
const Registrar registered_beams({"beams", "the statement's hypotheses on random models",
                                  check_beams});
const Registrar registered_ties({"ties", "tied candidates are taken by hypothesis, then token",
                                 check_ties});
const Registrar registered_eos({"eos", "eos candidates finish, take no slot and stop the search",
                                check_eos});
const Registrar registered_length_penalty({"length_penalty",
                                           "scores divide by size ^ length_penalty (0, 0.5, 2)",
                                           check_length_penalty});
const Registrar registered_tiny_probabilities({"tiny_probabilities",
                                               "values near -300 give the statement's hypotheses",
                                               check_tiny_probabilities});
const Registrar registered_any_dtype_or_layout({"any_dtype_or_layout",
                                                "Float32 and strided model outputs are read right",
                                                check_any_dtype_or_layout});
const Registrar registered_model_outputs_unchanged(
    {"model_outputs_unchanged", "the tensors the model returns are not modified",
     check_model_outputs_unchanged});
const Registrar registered_bad_arguments_throw({"bad_arguments_throw",
                                                "a beam_width or max_new_tokens below 1 throws "
                                                "kt::ValueError",
                                                check_bad_arguments_throw});

}  // namespace
}  // namespace grader::kata_beam_search
