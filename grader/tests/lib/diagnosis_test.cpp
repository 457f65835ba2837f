// grader/lib/diagnosis.hpp: when the catalogue claims an entry for code that throws on some of
// the cases (Note [mistake catalogue]).
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "grader/lib/diagnosis.hpp"

namespace {

using grader::CatalogueEntry;
using grader::DiagnosisRun;
using grader::Failure;

const std::vector<CatalogueEntry> kEntries = {
    {"doubled", "the input doubled", "Do not double it."},
    {"transposed_only_square", "the input transposed, and an error where it is not square",
     "Do not transpose it."},
};

/// Three cases whose reference is x itself: x = [1, 2] (not square), then two 2x2 matrices.
std::vector<kt::Tensor> inputs() {
  return {kt::from_vector(std::vector<double>{1, 2}, {1, 2}),
          kt::from_vector(std::vector<double>{1, 2, 3, 4}, {2, 2}),
          kt::from_vector(std::vector<double>{5, -1, 7, 2}, {2, 2})};
}

kt::Tensor entry_output(size_t e, const kt::Tensor& x) {
  if (e == 0) return x * 2.0;
  return x.size(0) == x.size(1) ? x.transpose(0, 1).contiguous() : kt::Tensor();
}

/// Diagnoses a learner whose output on case c is learner(x) (undefined: it threw); the journey,
/// when traced, is "journey on case c".
Failure diagnosed(const std::function<kt::Tensor(const kt::Tensor&)>& learner,
                  bool matches_errors) {
  const std::vector<kt::Tensor> xs = inputs();
  DiagnosisRun run;
  run.cases = xs.size();
  run.entries = &kEntries;
  run.learner = [&](size_t c) { return learner(xs[c]); };
  run.reference = [&](size_t c) { return xs[c]; };
  run.computes = [&](size_t e, size_t c) { return entry_output(e, xs[c]); };
  run.matches_errors = matches_errors;
  run.journey = [](size_t c) {
    return grader::Journey{"journey on case " + std::to_string(c), "step " + std::to_string(c), "",
                           false};
  };
  Failure f;
  grader::diagnose(f, run);
  return f;
}

kt::Tensor transposes_or_throws(const kt::Tensor& x) {
  return x.size(0) == x.size(1) ? x.transpose(0, 1).contiguous() : kt::Tensor();
}

}  // namespace

TEST_CASE("code that throws where a mistake cannot run, and equals it elsewhere, is that mistake",
          "[catalogue]") {
  const Failure f = diagnosed(transposes_or_throws, /*matches_errors=*/true);
  CHECK(f.diagnosis == "transposed_only_square");
  CHECK(f.diagnosis_message ==
        "Your output equals the input transposed, and an error where it is not square, on this "
        "case and on 2 more chosen so that each mistake the grader knows gives a different output "
        "(on one of them your code throws, as that mistake does). Do not transpose it.");
}

TEST_CASE("a kata that does not match errors claims nothing for code that throws on a case",
          "[catalogue]") {
  const Failure f = diagnosed(transposes_or_throws, /*matches_errors=*/false);
  CHECK(f.diagnosis.empty());
  // Still, where it goes wrong is traced, on a case where it returns a wrong output.
  CHECK(f.journey == "journey on case 1");
}

TEST_CASE("code that throws where a mistake runs is not that mistake", "[catalogue]") {
  // Doubles the square cases, throws on the other: "doubled" runs everywhere, so it does not fit.
  const Failure f = diagnosed(
      [](const kt::Tensor& x) { return x.size(0) == x.size(1) ? x * 2.0 : kt::Tensor(); }, true);
  CHECK(f.diagnosis.empty());
  CHECK(f.diagnosis_message.empty());
}

TEST_CASE("code that throws on every case is no catalogued mistake", "[catalogue]") {
  CHECK(diagnosed([](const kt::Tensor&) { return kt::Tensor(); }, true).diagnosis.empty());
}

TEST_CASE("code that runs everywhere is matched as before, whether errors are matched or not",
          "[catalogue]") {
  for (const bool matches_errors : {false, true}) {
    const Failure f = diagnosed([](const kt::Tensor& x) { return x * 2.0; }, matches_errors);
    CHECK(f.diagnosis == "doubled");
    CHECK(f.diagnosis_message ==
          "Your output equals the input doubled, on this case and on 2 more chosen so that each "
          "mistake the grader knows gives a different output. Do not double it.");
  }
}

TEST_CASE("a journey on the smallest failing case whose steps it does not tell apart is not shown",
          "[catalogue]") {
  const std::vector<kt::Tensor> xs = inputs();
  const std::vector<grader::CatalogueEntry> none;
  for (const bool alike : {false, true}) {
    DiagnosisRun run;
    run.cases = xs.size();
    run.entries = &none;
    run.failing_kept = true;  // case 0 is the smallest failing one
    // Wrong on the failing case only; the other cases trace no divergence.
    run.learner = [&](size_t c) { return c == 0 ? xs[c] * 3.0 : xs[c]; };
    run.reference = [&](size_t c) { return xs[c]; };
    run.computes = [&](size_t, size_t c) { return xs[c]; };
    run.journey = [alike](size_t c) {
      if (c != 0) return grader::Journey{};
      return grader::Journey{"journey on case 0", "step 1", "", alike};
    };
    Failure f;
    grader::diagnose(f, run);
    INFO(alike);
    CHECK(f.journey == (alike ? "" : "journey on case 0"));
  }
}

TEST_CASE(
    "code whose result on a case differs when the case runs first in a fresh process depends on "
    "earlier calls, and says whether run first it is right",
    "[catalogue]") {
  const std::vector<kt::Tensor> xs = inputs();
  const std::vector<grader::CatalogueEntry> none;
  // Wrong on every case after earlier calls; run first: right, wrong, the same, or throwing.
  for (const int fresh : {0, 1, 2, 3}) {
    DiagnosisRun run;
    run.cases = xs.size();
    run.entries = &none;
    run.failing_kept = true;
    run.learner = [&](size_t c) { return xs[c] * 3.0; };
    run.reference = [&](size_t c) { return xs[c]; };
    run.computes = [&](size_t, size_t c) { return xs[c]; };
    run.journey = [](size_t c) {
      return grader::Journey{"journey on case " + std::to_string(c), "step", "", false};
    };
    run.learner_fresh = [&](size_t c) {
      return fresh == 0   ? xs[c]
             : fresh == 1 ? xs[c] * 5.0
             : fresh == 2 ? xs[c] * 3.0
                          : kt::Tensor();
    };
    Failure f;
    grader::diagnose(f, run);
    INFO(fresh);
    if (fresh == 2) {
      // The same result run first: no state shows, the journey as before.
      CHECK(f.diagnosis.empty());
      CHECK(f.journey == "journey on case 1");
      continue;
    }
    CHECK(f.diagnosis == "depends_on_earlier_calls");
    // Right when run first: the journey of the call that went wrong, said to be traced after the
    // earlier calls (Note [the journey of a result that depends on earlier calls]); else none.
    CHECK(f.journey == (fresh == 0 ? "journey on case 0" : ""));
    CHECK((f.diagnosis_message.find("The journey below is traced after those calls") !=
           std::string::npos) == (fresh == 0));
    const std::string said[] = {
        "Run first in a fresh process your code gets this case right; after the check's earlier "
        "calls it returns other values (below).",
        "Your code returns other values on this case as the first call of a fresh process than "
        "after the check's earlier calls (below).",
        "",
        "Run first in a fresh process your code throws on this case; after the check's earlier "
        "calls it does not."};
    CHECK(f.diagnosis_message.rfind(said[fresh], 0) == 0);
  }
  // The smallest case's journey cannot tell its steps apart: the next wrong case's, right when run
  // first too.
  DiagnosisRun run;
  run.cases = xs.size();
  run.entries = &none;
  run.failing_kept = true;
  run.learner = [&](size_t c) { return xs[c] * 3.0; };
  run.reference = [&](size_t c) { return xs[c]; };
  run.computes = [&](size_t, size_t c) { return xs[c]; };
  run.journey = [](size_t c) {
    return grader::Journey{"journey on case " + std::to_string(c), "step", "", c == 0};
  };
  run.learner_fresh = [&](size_t c) { return xs[c]; };
  Failure f;
  grader::diagnose(f, run);
  CHECK(f.diagnosis == "depends_on_earlier_calls");
  CHECK(f.journey == "journey on case 1");
  CHECK(f.journey_elsewhere);
}

TEST_CASE(
    "an entry that fits the outputs of code whose first wrong case comes out otherwise in a fresh "
    "process is not claimed: the result depends on earlier calls",
    "[catalogue]") {
  // A causal mask kept from the first call: every later case equals causal_ignored's output, and
  // run first the case is right. Run first the same: the entry, as before.
  const std::vector<kt::Tensor> xs = inputs();
  const std::vector<grader::CatalogueEntry> one = {{"tripled", "x tripled", "Do not triple x."}};
  for (const bool fresh_differs : {true, false}) {
    DiagnosisRun run;
    run.cases = xs.size();
    run.entries = &one;
    run.failing_kept = true;
    run.learner = [&](size_t c) { return xs[c] * 3.0; };
    run.reference = [&](size_t c) { return xs[c]; };
    run.computes = [&](size_t, size_t c) { return xs[c] * 3.0; };
    run.learner_fresh = [&](size_t c) { return fresh_differs ? xs[c] : xs[c] * 3.0; };
    Failure f;
    grader::diagnose(f, run);
    INFO(fresh_differs);
    CHECK(f.diagnosis == (fresh_differs ? "depends_on_earlier_calls" : "tripled"));
  }
}
