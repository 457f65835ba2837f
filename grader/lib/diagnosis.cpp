#include "grader/lib/diagnosis.hpp"

#include <algorithm>
#include <optional>
#include <string>

#include "grader/lib/compare.hpp"
#include "grader/lib/where_threw.hpp"

namespace grader {

namespace {

/// Whether the kata registers the check pitfall_ID.
bool is_kata_pitfall(const std::string& id) {
  const auto& checks = registry();
  return std::any_of(checks.begin(), checks.end(),
                     [&](const CheckInfo& c) { return c.id == report::pitfall_check(id); });
}

/// " (on one of them your code throws, as that mistake does)", or "" when it threw on none.
std::string threw_words(size_t threw, const char* mistake) {
  if (threw == 0) return "";
  return std::string(" (on ") + (threw == 1 ? "one" : std::to_string(threw)) +
         " of them your code throws, as " + mistake + " does)";
}

}  // namespace

std::optional<size_t> unique_match(size_t entries, size_t cases,
                                   const std::function<bool(size_t entry, size_t c)>& equal,
                                   const std::function<bool(size_t entry, size_t c)>& differs) {
  std::optional<size_t> found;
  for (size_t e = 0; e < entries; ++e) {
    bool all_equal = true, some_differ = false;
    for (size_t c = 0; c < cases && all_equal; ++c) {
      all_equal = equal(e, c);
      some_differ = some_differ || (all_equal && differs(e, c));
    }
    if (!all_equal || !some_differ) continue;
    if (found) return std::nullopt;  // two entries fit: claim neither
    found = e;
  }
  return found;
}

std::optional<size_t> match_outputs(
    size_t entries, const std::vector<kt::Tensor>& got, const std::vector<kt::Tensor>& expected,
    const std::function<kt::Tensor(size_t entry, size_t c)>& entry_output) {
  const size_t cases = got.size();
  // Computed lazily: most entries fail on the first case.
  std::vector<std::vector<kt::Tensor>> outputs(entries, std::vector<kt::Tensor>(cases));
  std::vector<std::vector<bool>> computed(entries, std::vector<bool>(cases, false));
  const auto output = [&](size_t e, size_t c) -> const kt::Tensor& {
    if (!computed[e][c]) {
      outputs[e][c] = entry_output(e, c);
      computed[e][c] = true;
    }
    return outputs[e][c];
  };
  // Where the learner's code gave no output, the entry fits only if it cannot run there either
  // (Note [mistake catalogue]: a mistake that throws where the learner's code throws).
  return unique_match(
      entries, cases,
      [&](size_t e, size_t c) {
        return got[c].defined() ? same_as_mistake(got[c], output(e, c)) : !output(e, c).defined();
      },
      [&](size_t e, size_t c) { return got[c].defined() && !close(output(e, c), expected[c]); });
}

void set_diagnosis(Failure& f, const CatalogueEntry& entry, size_t cases, size_t threw) {
  f.diagnosis = entry.id;
  f.diagnosis_message = "Your output equals " + entry.what + ", on this case and on " +
                        std::to_string(cases - 1) +
                        " more chosen so that each mistake the grader knows gives a different "
                        "output" +
                        threw_words(threw, "that mistake") + ". " + entry.fix;
  // An entry that is one of this kata's named pitfalls says so (the same id may be only a
  // catalogue entry in another kata of the family).
  if (is_kata_pitfall(entry.id)) {
    f.diagnosis_message += " This is the pitfall " + entry.id + ".";
  }
}

void set_double_diagnosis(Failure& f, const CatalogueEntry& a, const CatalogueEntry& b,
                          size_t cases, size_t threw) {
  f.diagnosis = a.id + "+" + b.id;
  f.diagnosis_parts = {a.id, b.id};
  f.diagnosis_message =
      "Your output equals two mistakes at once, on this case and on " + std::to_string(cases - 1) +
      " more chosen so that each mistake the grader knows, and each pair of "
      "them, gives a different output" +
      threw_words(threw, "that pair") +
      " (each shows on some of these cases, not always on this one): first, " + a.what +
      "; second, " + b.what + ". To fix the first: " + a.fix + " To fix the second: " + b.fix;
  // (Whether a detector names them too is its own check's business: a detector names a pitfall
  // only where no other mistake can fake it, and may be silent beside an unnamed one.)
  const bool first = is_kata_pitfall(a.id), second = is_kata_pitfall(b.id);
  if (first && second)
    f.diagnosis_message += " Both are pitfalls: " + a.id + " and " + b.id + ".";
  else if (first || second)
    f.diagnosis_message += " The " + std::string(first ? "first" : "second") + " is the pitfall " +
                           (first ? a.id : b.id) + ".";
}

/// No catalogued mistake fits: where the computation first goes wrong, on a case with some size
/// to it (the discriminating ones) where the output is wrong, else one where the code threw (up to
/// the throw), and only then on the failing one, wrong or thrown: on the smallest case, where
/// every size is 1, steps meet ops by chance (a block of one key has p = 1, so acc = v's slice).
/// Whether a defined output is wrong on case c: the kata's rule, else not close.
static bool wrong_output(const DiagnosisRun& run, size_t c, const kt::Tensor& got,
                         const kt::Tensor& expected) {
  return run.wrong ? run.wrong(c, got, expected) : !close(got, expected);
}

static void journey_where_wrong(Failure& shrunk, const DiagnosisRun& run,
                                const std::vector<kt::Tensor>& got,
                                const std::vector<kt::Tensor>& expected) {
  if (!run.journey) return;
  const auto wrong = [&](size_t c) {
    return got[c].defined() && wrong_output(run, c, got[c], expected[c]);
  };
  const auto set = [&](size_t c) {
    const bool failing = run.failing_kept && c == 0;
    const Journey j = failing ? run.journey(c) : on_another_case(run.journey(c));
    if (failing && j.steps_alike) return false;  // steps the smallest case does not tell apart
    shrunk.journey = j.text;
    shrunk.journey_step = j.step;
    shrunk.journey_elsewhere = !failing && !j.text.empty();
    // Where it threw, on the journey's case when the code throws there too: one numbering of the
    // ops for both (readers lost their way between two, docs/feedback.md round 24).
    if (!failing && !j.text.empty() && !got[c].defined() && shrunk.where_threw.empty()) {
      const LearnerTrace traced = trace_learner_whole([&] { (void)run.learner(c); });
      shrunk.where_threw = where_it_threw(traced, false, true);
    }
    return !j.text.empty();
  };
  // The discriminating cases in their order (the same for every check), then the failing one.
  const size_t first = run.failing_kept ? 1 : 0;
  for (size_t c = first; c < run.cases; ++c)
    if (wrong(c) && set(c)) return;
  for (size_t c = first; c < run.cases; ++c)
    if (!got[c].defined() && set(c)) return;
  if (run.failing_kept && run.cases > 0 && (wrong(0) || !got[0].defined())) set(0);
}

// Note [a result that depends on earlier calls]
// A check's cases run one after the other in one learner's process, so code that keeps state
// between calls (a static cache keyed on too little: cos/sin tables made for the first call's
// base; a counter; memory read before it is written) can fail a case it gets right when the case
// comes first. No catalogue entry explains that: an entry that fits names what the state did,
// not the code; and a journey alone blames a step as if the code computed it wrongly (it is
// shown beside the diagnosis, said to be traced after the earlier calls: Note [the journey of a
// result that depends on earlier calls]). So the first case the code gets wrong (or throws on) is
// run again as the first call of a fresh learner's process (remote::FreshLearner); another result
// there is the diagnosis depends_on_earlier_calls, said with whether the fresh result is right.
// (Not with the values: a kata's packed output is no tensor to show.) Code that answers every case
// alike is untouched: its fresh result is the same. Unit tests answer in process, where a fresh
// process is the same one.
namespace {

bool state_diagnosed(Failure& shrunk, const DiagnosisRun& run, const std::vector<kt::Tensor>& got,
                     const std::vector<kt::Tensor>& expected) {
  if (!run.learner_fresh) return false;
  std::optional<size_t> c;
  for (size_t i = 0; i < run.cases && !c; ++i) {
    if (!got[i].defined() || wrong_output(run, i, got[i], expected[i])) c = i;
  }
  if (!c) return false;
  const kt::Tensor fresh = run.learner_fresh(*c);
  if (fresh.defined() == got[*c].defined() && (!fresh.defined() || identical(fresh, got[*c])))
    return false;
  const bool fresh_right = fresh.defined() && !wrong_output(run, *c, fresh, expected[*c]);
  const bool failing = run.failing_kept && *c == 0;
  shrunk.diagnosis = "depends_on_earlier_calls";
  const std::string where = failing ? "this case" : "one of the grader's cases";
  std::string what;
  if (!got[*c].defined())
    what = "After the check's earlier calls your code throws on " + where +
           "; run first in a fresh process it does not" + (fresh_right ? ", and is right" : "") +
           ".";
  else if (!fresh.defined())
    what = "Run first in a fresh process your code throws on " + where +
           "; after the check's earlier calls it does not.";
  else if (fresh_right)
    what = "Run first in a fresh process your code gets " + where +
           " right; after the check's earlier calls it returns other values" +
           (failing ? " (below)." : ".");
  else
    what = "Your code returns other values on " + where +
           " as the first call of a fresh process than after the check's earlier calls" +
           (failing ? " (below)." : ".");
  shrunk.diagnosis_message =
      what +
      " Its result depends on calls made before it: a static variable, a cache kept between "
      "calls and keyed on too little (a table made for one base, width or length, reused for "
      "another), or memory read before it is written. Compute every value from this call's "
      "inputs, or key a cache on every input it depends on.";
  // Note [the journey of a result that depends on earlier calls]
  // Which value was kept is what readers asked (round 50: "which state", clarity 2 and 3; round
  // 51's layer_norm keeping 1/D in a static, clarity 2). Where the code is right when run first,
  // its ops after the earlier calls are those of a right computation with a kept value read in
  // one of them: the journey of that call, in the same process, diverges where the kept value
  // enters or just before it (a sum, then 1/D times it with the first call's D; a mask applied,
  // then a kept causal mask after it: the first is where the step is not yet made), which the
  // message says. Where it is wrong when run first too, the journey would mix the two, and is
  // left out.
  // (The smallest failing case may not tell its steps apart, d_k = 1: the next case the code gets
  // wrong there and right when run first, at the cost of one more fresh process.)
  if (fresh_right && run.journey) {
    const auto traced = [&](size_t at) {
      const bool smallest = run.failing_kept && at == 0;
      const Journey j = smallest ? run.journey(at) : on_another_case(run.journey(at));
      if (j.text.empty() || (smallest && j.steps_alike)) return false;
      shrunk.journey = j.text;
      shrunk.journey_step = j.step;
      shrunk.journey_elsewhere = !smallest;
      shrunk.diagnosis_message +=
          " The journey below is traced after those calls, as the code went wrong there: a value "
          "kept from an earlier call is read at its first divergence or after it (a number or a "
          "tensor no op of this call made).";
      return true;
    };
    bool shown = got[*c].defined() && traced(*c);
    for (size_t other = *c + 1; other < run.cases && !shown; ++other) {
      if (!got[other].defined() || !wrong_output(run, other, got[other], expected[other])) continue;
      const kt::Tensor first_call = run.learner_fresh(other);
      if (first_call.defined() && !wrong_output(run, other, first_call, expected[other]))
        shown = traced(other);
      break;  // (one more fresh process at most)
    }
  }
  return true;
}

}  // namespace

void diagnose(Failure& shrunk, const DiagnosisRun& run) {
  std::vector<kt::Tensor> got, expected;
  size_t threw = 0;
  for (size_t c = 0; c < run.cases; ++c) {
    got.push_back(run.learner(c));
    if (!got.back().defined()) ++threw;
    expected.push_back(run.reference(c));
  }
  // No entry to compare: the code threw on every case, or on one where errors are not matched.
  // The journey is still traced on a case where it returns a wrong output.
  if (threw == run.cases || (threw > 0 && !run.matches_errors)) {
    if (state_diagnosed(shrunk, run, got, expected)) return;
    journey_where_wrong(shrunk, run, got, expected);
    return;
  }
  const auto match =
      match_outputs(run.entries->size(), got, expected, [&](size_t e, size_t c) -> kt::Tensor {
        try {
          return run.computes(e, c);
        } catch (const kt::Error&) {
          return {};  // a mistake that cannot run here fits nothing but code that throws here
        }
      });
  // An entry that fits outputs the learner's state made (a causal mask kept from the first call,
  // masking nothing for a later T: causal_ignored on every case after it) names the effect, not
  // the code: where the first wrong case comes out otherwise in a fresh process, that is said
  // instead (Note [a result that depends on earlier calls]).
  if (match) {
    if (state_diagnosed(shrunk, run, got, expected)) return;
    set_diagnosis(shrunk, (*run.entries)[*match], run.cases, threw);
    return;
  }
  if (run.computes_pair) {
    // Every pair a < b, numbered; the same rule as for one entry.
    std::vector<std::pair<size_t, size_t>> pairs;
    for (size_t a = 0; a < run.entries->size(); ++a)
      for (size_t b = a + 1; b < run.entries->size(); ++b) pairs.emplace_back(a, b);
    const auto pair =
        match_outputs(pairs.size(), got, expected, [&](size_t p, size_t c) -> kt::Tensor {
          try {
            return run.computes_pair(pairs[p].first, pairs[p].second, c);
          } catch (const kt::Error&) {
            return {};
          }
        });
    if (pair) {
      if (state_diagnosed(shrunk, run, got, expected)) return;
      const auto [a, b] = pairs[*pair];
      // The pitfall first, when one of the two is one.
      const bool swap =
          !is_kata_pitfall((*run.entries)[a].id) && is_kata_pitfall((*run.entries)[b].id);
      set_double_diagnosis(shrunk, (*run.entries)[swap ? b : a], (*run.entries)[swap ? a : b],
                           run.cases, threw);
      return;
    }
  }
  if (state_diagnosed(shrunk, run, got, expected)) return;
  journey_where_wrong(shrunk, run, got, expected);
}

}  // namespace grader
