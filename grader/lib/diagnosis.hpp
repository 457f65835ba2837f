// Diagnosis beyond the named pitfalls: a kata's mistake catalogue, and the rule for claiming that a
// wrong output is one of its entries.
//
// Note [mistake catalogue]
// A kata lists, step by step, every plausible single-step mistake of its computation (a projection
// swapped or left out, the scale missing, the mask ignored, the softmax over another axis, ...) as
// a variant of its mistakes function. When a general check fails, the output is compared with every
// entry on the smallest failing case and on a few fixed cases chosen so that the entries give
// different outputs from each other (a test asserts they do). An entry is claimed only when it is
// the one entry that equals the output on every case and differs from the reference on one of
// them; otherwise nothing is said. In a kata that opts in (matches_errors), where the learner's
// code throws on a case the entry must be unable to run there too (a mask transposed throws
// where T_q != T_k, as the learner's does), and the message says on how many. Claims are diagnosis
// only: named pitfalls (their detectors) remain what is scored and hinted. An entry that is a named
// pitfall has that pitfall's id.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "grader/lib/attention_map.hpp"
#include "grader/lib/check.hpp"
#include "grader/lib/journey.hpp"
#include "grader/lib/remote.hpp"
#include "kt/tensor.hpp"

namespace grader {

struct CatalogueEntry {
  std::string id;    // "mask_ignored"; a named pitfall's id when the entry is that pitfall
  std::string what;  // completes "your output equals ...": "attention with attn_mask ignored"
  std::string fix;   // one or two sentences: what to change
};

/// The index of the one entry whose output equals the learner's on every case (equal(e, i)) and
/// differs from the reference on at least one (differs(e, i)), or nullopt when none or several do.
std::optional<size_t> unique_match(size_t entries, size_t cases,
                                   const std::function<bool(size_t entry, size_t c)>& equal,
                                   const std::function<bool(size_t entry, size_t c)>& differs);

/// unique_match on tensors: the one entry whose output (entry_output(entry, c), each computed at
/// most once and only when needed) is the learner's got[c] on every case (same_as_mistake) and
/// differs from expected[c] on one (not close); nullopt when none or several. An entry that cannot
/// run on a case returns an undefined tensor there, which fits only a got[c] that is undefined
/// too (the learner's code threw there); an undefined got[c] fits no entry that runs.
std::optional<size_t> match_outputs(
    size_t entries, const std::vector<kt::Tensor>& got, const std::vector<kt::Tensor>& expected,
    const std::function<kt::Tensor(size_t entry, size_t c)>& entry_output);

/// Records a double in the failure: id "A+B", "Your output equals two mistakes at once ... WHAT_A;
/// and WHAT_B. FIX_A FIX_B", and which of the two are this kata's pitfalls (diagnosis_parts).
void set_double_diagnosis(Failure& f, const CatalogueEntry& a, const CatalogueEntry& b,
                          size_t cases, size_t threw = 0);

/// Records the match in the failure: its id and "Your output equals WHAT ... FIX", plus "This is
/// the pitfall ID" when the kata registers the check pitfall_ID; `threw` of the `cases` are ones
/// where the learner's code threw and the entry cannot run (the message says so).
void set_diagnosis(Failure& f, const CatalogueEntry& entry, size_t cases, size_t threw = 0);

/// One entry of a kata's catalogue and what it computes on a case (its Float64 output, or an
/// undefined tensor where it cannot run): a kata's `Entry`.
template <class Case, class Result = kt::Tensor>
struct CatalogueItem {
  CatalogueEntry entry;
  std::function<Result(const Case&)> computes;
};

/// `add(ID, WHAT, FIX, computes)` appending to a catalogue: the one spelling of a catalogue line.
template <class Case, class Result>
auto entry_adder(std::vector<CatalogueItem<Case, Result>>& to) {
  return [&to](std::string id, std::string what, std::string fix,
               std::function<Result(const Case&)> computes) {
    to.push_back({{std::move(id), std::move(what), std::move(fix)}, std::move(computes)});
  };
}

/// `add(ID, WHAT, FIX, switches)` for a kata whose entries are its one simulation with mistakes
/// switched on: the entry computes simulate(case, switches).
template <class Switches, class Case, class Result, class Simulate>
auto entry_adder(std::vector<CatalogueItem<Case, Result>>& to, Simulate simulate) {
  return [&to, simulate](std::string id, std::string what, std::string fix,
                         const Switches& switches) {
    to.push_back({{std::move(id), std::move(what), std::move(fix)},
                  [simulate, switches](const Case& c) -> Result { return simulate(c, switches); }});
  };
}

/// What the diagnosis of a kata's failure needs, by case index (the kit's type-erased core; a
/// kata fills in Diagnosis<Case> below).
struct DiagnosisRun {
  size_t cases = 0;          // the failing case (when kept) first, then the discriminating ones
  bool failing_kept = true;  // whether case 0 is the failing case
  const std::vector<CatalogueEntry>* entries = nullptr;
  /// The learner's output on case c, or an undefined tensor when there is nothing to compare
  /// (it threw, or returned another shape): then no diagnosis is made, unless matches_errors.
  std::function<kt::Tensor(size_t c)> learner;
  /// When `learner` is undefined only where the learner's code threw: an entry that cannot run on
  /// exactly those cases (and equals the output on the others) fits.
  bool matches_errors = false;
  std::function<kt::Tensor(size_t c)> reference;
  /// What entry e computes on case c; an undefined tensor (or a kt::Error) where it cannot run.
  std::function<kt::Tensor(size_t e, size_t c)> computes;
  /// Optional: what entries a < b compute together on case c (undefined where the two cannot be
  /// made together, such as two scales). With it, a double is claimed when no single entry fits.
  std::function<kt::Tensor(size_t a, size_t b, size_t c)> computes_pair;
  /// Optional, when no entry fits: the first diverging step on case c (journey.hpp), and whether
  /// the learner's output is wrong there.
  std::function<Journey(size_t c)> journey;
  std::function<bool(size_t c, const kt::Tensor& got, const kt::Tensor& expected)> wrong;
  /// Optional: the learner's output on case c as the first call of a fresh learner's process
  /// (remote::FreshLearner): a result that differs from `learner`'s depends on earlier calls.
  std::function<kt::Tensor(size_t c)> learner_fresh;
};
/// Claims the one entry the learner's outputs equal on every case (set_diagnosis), else sets the
/// journey on the first case where the output is wrong (the discriminating cases first).
void diagnose(Failure& shrunk, const DiagnosisRun& run);

/// A kata's mistake catalogue and how to run it (Note [mistake catalogue]): the one definition of
/// "diagnose a failure once it is shrunk" every kata uses.
template <class Case>
struct Diagnosis {
  std::vector<CatalogueEntry> entries;
  /// What entry e computes on a case (Float64); an undefined tensor where it cannot run.
  std::function<kt::Tensor(size_t e, const Case&)> computes;
  /// Optional: what entries a < b compute together (undefined where they cannot be combined):
  /// with it, the one pair the output equals is claimed when no single entry fits (a pitfall
  /// beside a catalogued mistake, two catalogued mistakes).
  std::function<kt::Tensor(size_t a, size_t b, const Case&)> computes_pair;
  /// Fixed cases on which every entry differs from every other and from the reference.
  std::function<std::vector<Case>()> discriminating_cases;
  /// Whether the failing case is compared too (default: yes); e.g. only when it is Float64.
  std::function<bool(const Case&)> keeps_failing;
  /// The learner's output, or an undefined tensor when there is nothing to compare.
  std::function<kt::Tensor(const Case&)> learner;
  /// Set when `learner` is undefined only where the learner's code threw (DiagnosisRun).
  bool matches_errors = false;
  std::function<kt::Tensor(const Case&)> reference;
  /// When an output is wrong, for the journey (default: not close at the grader's tolerance).
  std::function<bool(const Case&, const kt::Tensor& got, const kt::Tensor& expected)> wrong;
  /// The correct computation's named steps on a case (journey.hpp): with them the kit gives the
  /// first diverging step (the learner's call traced beside them, under "On CASE_TEXT:") and,
  /// when a step is marked attention_weights, the attention map (its leading axes named by
  /// map_axes, else "index along leading axis N").
  std::function<std::vector<Step>(const Case&)> steps;
  /// Instead of `steps`, for a computation written several ways (Note [forms of a computation] in
  /// journey.hpp): each form's steps; the journey follows the one the learner's ops go furthest in.
  std::function<std::vector<std::vector<Step>>(const Case&)> forms;
  std::function<std::string(const Case&)> case_text;
  /// Whether a case no entry explains is run again as the first call of a fresh learner's process
  /// (Note [a result that depends on earlier calls]): off where the check's own message already
  /// names the state the result depends on (draws taken from another generator than the one given).
  bool fresh_process = true;
  std::vector<std::string> map_axes;
  /// What the learner's call returns for the journey, when not `learner`'s output (the value
  /// steps.back() stands for); undefined when it threw.
  std::function<kt::Tensor(const Case&)> traced;
  /// Instead of the kit's from `steps`: a kata's own journey and map.
  std::function<Journey(const Case&)> journey;
  std::function<AttentionMap(const Case&)> attention_map;
};

/// A Diagnosis whose entries are the catalogue's, entry e computing output(all[e], case) (by
/// default all[e].computes(case)); the kata then sets the rest.
template <class Case, class Item, class Output>
Diagnosis<Case> diagnosis_over(std::vector<Item> all, Output output) {
  Diagnosis<Case> d;
  for (const Item& e : all) d.entries.push_back(e.entry);
  d.computes = [all = std::move(all), output](size_t e, const Case& c) -> kt::Tensor {
    return output(all[e], c);
  };
  return d;
}
template <class Case>
Diagnosis<Case> diagnosis_over(std::vector<CatalogueItem<Case>> all) {
  return diagnosis_over<Case>(
      std::move(all), [](const CatalogueItem<Case>& e, const Case& c) { return e.computes(c); });
}

/// The journey and the attention map the kit makes from d.steps (or the kata's own).
template <class Case>
Journey journey_of(const Diagnosis<Case>& d, const Case& c) {
  if (d.journey) return d.journey(c);
  if (!d.forms && !d.steps) return {};
  const auto& call = d.traced ? d.traced : d.learner;
  return journey_of_call(
      d.forms ? d.forms(c) : std::vector<std::vector<Step>>{d.steps(c)}, [&] { return call(c); },
      d.case_text ? d.case_text(c) : "the case");
}
template <class Case>
AttentionMap map_of(const Diagnosis<Case>& d, const Case& c) {
  if (d.attention_map) return d.attention_map(c);
  if (!d.steps) return {};
  std::vector<Step> steps = d.steps(c);
  std::vector<std::string> axes = d.map_axes;
  for (const Step& s : steps)
    if (s.attention_weights && axes.empty())
      for (int64_t a = 0; a + 2 < s.value.dim(); ++a)
        axes.push_back("index along leading axis " + std::to_string(a));
  return map_of_call(
      steps, [&] { return d.learner(c); }, axes);
}

/// Makes the failure, once shrunk, carry the catalogue entry the learner's output on `failing`
/// and on the discriminating cases equals, if exactly one does; else the first diverging step;
/// and the attention map when the kata has one. `make` builds the catalogue then, not before.
template <class Case>
void diagnose_after_shrinking(Failure& f, const Case& failing,
                              std::function<Diagnosis<Case>()> make) {
  f.after_shrinking = [failing, make = std::move(make)](Failure& shrunk) {
    const Diagnosis<Case> d = make();
    if (d.attention_map || d.steps) shrunk.attention_map = map_of(d, failing);
    std::vector<Case> cases = d.discriminating_cases();
    const bool kept = !d.keeps_failing || d.keeps_failing(failing);
    if (kept) cases.insert(cases.begin(), failing);
    DiagnosisRun run;
    run.cases = cases.size();
    run.failing_kept = kept;
    run.entries = &d.entries;
    run.learner = [&](size_t c) { return d.learner(cases[c]); };
    run.matches_errors = d.matches_errors;
    run.reference = [&](size_t c) { return d.reference(cases[c]); };
    run.computes = [&](size_t e, size_t c) { return d.computes(e, cases[c]); };
    if (d.computes_pair)
      run.computes_pair = [&](size_t a, size_t b, size_t c) {
        return d.computes_pair(a, b, cases[c]);
      };
    if (d.journey || d.steps || d.forms)
      run.journey = [&](size_t c) { return journey_of(d, cases[c]); };
    if (d.wrong)
      run.wrong = [&](size_t c, const kt::Tensor& got, const kt::Tensor& expected) {
        return d.wrong(cases[c], got, expected);
      };
    if (d.fresh_process)
      run.learner_fresh = [&](size_t c) {
        const remote::FreshLearner fresh;
        return d.learner(cases[c]);
      };
    diagnose(shrunk, run);
    // No diagnosis and no journey (the smallest case's steps not told apart, or a failing case
    // the catalogue does not take): a one_hot that broadcast on the failing case is still said
    // (Note [a one_hot that broadcast] in journey.cpp).
    if (shrunk.diagnosis.empty() && shrunk.journey.empty() && shrunk.where_threw.empty())
      shrunk.message += one_hot_broadcast(trace_learner([&] { (void)d.learner(failing); }));
  };
}

}  // namespace grader
