// The MHA family's mistake catalogue (grader/katas/mha_family/catalogue.hpp): every entry can be
// told apart from every other and from the reference on the discriminating cases, and a forward
// that makes exactly one catalogued mistake is diagnosed with that entry, in each kind of kata of
// the family.
#include <catch2/catch.hpp>

#include "grader/katas/mha_family/catalogue.hpp"
#include "grader/lib/compare.hpp"
#include "grader/tests/lib/entries_apart.hpp"
#include "grader/tests/lib/learner_stand_ins.hpp"

namespace {

using namespace grader;
using namespace grader::mha;

/// The family's kinds of kata: the module and the function (biases or not), MHA or GQA.
struct Kind {
  bool biases, grouped, causal_flag;
};
const Kind kKinds[] = {{true, false, true},
                       {false, false, false},
                       {true, true, true},
                       {false, true, true},
                       {false, false, true}};

/// Sets the kata call to compute `m` (so the "learner" makes exactly that mistake).
void learner_makes(const Kind& kind, const Mistakes& m) {
  KataCall call;
  call.what = "forward";
  call.biases = kind.biases;
  call.grouped = kind.grouped;
  call.causal_flag = kind.causal_flag;
  call.call_text = [](const Case&) { return std::string("forward(x)"); };
  stand_in::mha_forward = [m](const Case& c) { return catalogue_output(c, m); };
  SetKataCall{call};
}

std::string kind_name(const Kind& k) {
  return std::string(k.grouped ? "gqa" : "mha") + (k.biases ? " with biases" : " without biases") +
         (k.causal_flag ? "" : ", causal as a mask");
}

}  // namespace

TEST_CASE("every catalogue entry differs from the reference and from every other entry",
          "[catalogue]") {
  for (const Kind& kind : kKinds) {
    learner_makes(kind, {});
    const std::vector<Case> cases = discriminating_cases();
    std::vector<std::string> names;
    std::vector<std::vector<kt::Tensor>> out;
    for (const MhaEntry& e : catalogue()) {
      names.push_back(kind_name(kind) + ": " + e.entry.id + " (" + e.entry.what + ")");
      out.emplace_back();
      for (const Case& c : cases) out.back().push_back(catalogue_output(c, e.mistakes));
    }
    std::vector<kt::Tensor> reference;
    for (const Case& c : cases) reference.push_back(run_reference(c));
    grader::testing::check_entries_apart(names, out, reference);
  }
}

TEST_CASE("a forward making one catalogued mistake is diagnosed with that entry", "[catalogue]") {
  for (const Kind& kind : kKinds) {
    learner_makes(kind, {});
    for (const MhaEntry& e : catalogue()) {
      INFO(kind_name(kind) << ": " << e.entry.id << " (" << e.entry.what << ")");
      learner_makes(kind, e.mistakes);
      Failure f;
      diagnose_after_shrinking(f, discriminating_cases().back());
      REQUIRE(f.after_shrinking);
      f.after_shrinking(f);
      CHECK(f.diagnosis == e.entry.id);
      CHECK(f.diagnosis_message.find(e.entry.fix) != std::string::npos);
    }
  }
}

TEST_CASE("a correct forward gets no diagnosis", "[catalogue]") {
  for (const Kind& kind : kKinds) {
    learner_makes(kind, Mistakes{});
    Failure f;
    diagnose_after_shrinking(f, discriminating_cases().front());
    f.after_shrinking(f);
    INFO(kind_name(kind));
    CHECK(f.diagnosis.empty());
    CHECK(f.diagnosis_message.empty());
  }
}

TEST_CASE("a forward making two catalogued mistakes is diagnosed with both", "[catalogue]") {
  // Each pair by the entries that make it alone.
  const auto entry_with = [](const std::function<bool(const Mistakes&)>& has) {
    for (const MhaEntry& e : catalogue())
      if (has(e.mistakes)) return e.entry;
    FAIL("no entry");
    return CatalogueEntry{};
  };
  const CatalogueEntry unscaled = entry_with([](const Mistakes& m) { return m.scale_missing; });
  const CatalogueEntry residual = entry_with([](const Mistakes& m) { return m.residual_added; });
  const CatalogueEntry no_out = entry_with([](const Mistakes& m) { return m.out_proj_missing; });
  const CatalogueEntry dim1 = entry_with([](const Mistakes& m) { return m.softmax_dim == 1; });
  const struct {
    Mistakes both;
    CatalogueEntry a, b;
  } doubles[] = {{{.scale_missing = true, .residual_added = true}, unscaled, residual},
                 {{.out_proj_missing = true, .softmax_dim = 1}, no_out, dim1}};
  for (const Kind& kind : kKinds) {
    for (const auto& d : doubles) {
      learner_makes(kind, d.both);
      Failure f;
      diagnose_after_shrinking(f, discriminating_cases().front());
      f.after_shrinking(f);
      INFO(kind_name(kind) << ": " << d.a.id << " and " << d.b.id);
      REQUIRE(f.diagnosis_parts.size() == 2);
      CHECK(f.diagnosis == f.diagnosis_parts[0] + "+" + f.diagnosis_parts[1]);
      CHECK(std::is_permutation(f.diagnosis_parts.begin(), f.diagnosis_parts.end(),
                                std::vector<std::string>{d.a.id, d.b.id}.begin()));
      CHECK(f.diagnosis_message.find(d.a.fix) != std::string::npos);
      CHECK(f.diagnosis_message.find(d.b.fix) != std::string::npos);
    }
  }
}

TEST_CASE("an MHA catalogue entry together with no mistake computes the entry alone",
          "[catalogue]") {
  // A field together() forgets would be dropped here: the entry that sets it would come out right.
  for (const Kind& kind : kKinds) {
    learner_makes(kind, {});
    for (const MhaEntry& e : catalogue()) {
      INFO(kind_name(kind) << ": " << e.entry.id);
      const std::optional<Mistakes> alone = together(e.mistakes, Mistakes{});
      REQUIRE(alone);
      for (const Case& c : discriminating_cases()) {
        const kt::Tensor both = catalogue_output(c, *alone), one = catalogue_output(c, e.mistakes);
        CHECK(both.defined() == one.defined());
        if (one.defined()) CHECK(identical(both, one));
      }
    }
  }
}

TEST_CASE("the diagnosis message says what the output equals, on how many cases, and the fix",
          "[catalogue]") {
  Failure f;
  set_diagnosis(f, {"mask_ignored", "attention with attn_mask ignored", "Apply attn_mask."}, 4);
  CHECK(f.diagnosis == "mask_ignored");
  CHECK(f.diagnosis_message ==
        "Your output equals attention with attn_mask ignored, on this case and on 3 more chosen "
        "so that each mistake the grader knows gives a different output. Apply attn_mask.");
}

TEST_CASE("unique_match claims an entry only when it alone fits every case", "[catalogue]") {
  // equal[e][c], differs[e][c]
  const auto run = [](std::vector<std::vector<bool>> eq, std::vector<std::vector<bool>> diff) {
    return unique_match(
        eq.size(), eq[0].size(), [&](size_t e, size_t c) { return bool(eq[e][c]); },
        [&](size_t e, size_t c) { return bool(diff[e][c]); });
  };
  CHECK(run({{true, true}, {true, false}}, {{false, true}, {true, true}}) == 0u);
  CHECK(run({{true, true}, {true, true}}, {{true, true}, {false, true}}) == std::nullopt);
  CHECK(run({{true, true}}, {{false, false}}) == std::nullopt);  // the reference itself
  CHECK(run({{false, true}}, {{true, true}}) == std::nullopt);
}
