// The first diverging step (grader/lib/journey.hpp, grader/katas/mha_family/journey.hpp): a forward
// with a single bug in one step of multi-head attention is reported at that step (a bug that only
// moves values, at the first step that combines them); a correct forward, or a legitimate variant
// of one, diverges nowhere.
#include <algorithm>
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "grader/katas/mha_family/catalogue.hpp"
#include "grader/katas/mha_family/journey.hpp"
#include "grader/tests/lib/diverging_step.hpp"
#include "grader/tests/lib/learner_stand_ins.hpp"

namespace {

using namespace grader;
using namespace grader::mha;

void learner_computes(bool grouped, std::function<kt::Tensor(const Case&)> run) {
  KataCall call;
  call.what = "forward";
  call.biases = true;
  call.grouped = grouped;
  call.call_text = [](const Case& c) {
    return std::string(c.mask.defined() ? "forward(x, attn_mask)" : "forward(x, causal)");
  };
  stand_in::mha_forward = std::move(run);
  SetKataCall{call};
}

/// The discriminating case with attn_mask (B = 2, T = 3, heads of 3).
Case masked_case() { return discriminating_cases().front(); }

}  // namespace

TEST_CASE("a correct forward diverges nowhere, nor does one with the scale folded into q",
          "[journey]") {
  for (bool grouped : {false, true}) {
    learner_computes(grouped, [](const Case& c) { return run_mistakes(c, {}); });
    CHECK(journey(masked_case()).text.empty());
    // Scale folded into q: the unscaled scores are never computed, the scaled ones are.
    learner_computes(grouped, [](const Case& c) {
      Case scaled = c;
      const double s = std::sqrt(double(c.dk));
      scaled.w.wq = c.w.wq / s;
      if (c.w.bq.defined()) scaled.w.bq = c.w.bq / s;
      Mistakes m;
      m.scale_missing = true;
      return run_mistakes(scaled, m);
    });
    CHECK(journey(masked_case()).text.empty());
  }
}

TEST_CASE("a single bug in each step is reported at that step", "[journey]") {
  struct Bug {
    const char* what;
    Mistakes mistakes;
    const char* step;
  };
  const std::vector<Bug> bugs = {
      {"q made by k_proj", {.q_from = Proj::K}, "q = q_proj(x)"},
      {"q never projected", {.q_from = Proj::None}, "q = q_proj(x)"},
      {"v made by k_proj", {.v_from = Proj::K}, "v = v_proj(x)"},
      {"v without its bias", {.bias_missing = Proj::V}, "v = v_proj(x)"},
      {"heads split in the wrong order", {.split = HeadSplit::Strided}, "q split into heads"},
      {"heads split without a transpose",
       {.split = HeadSplit::NoTranspose, .merge_transposed = true},
       "q split into heads"},
      {"scores not scaled", {.scale_missing = true}, "scores / sqrt(d_head)"},
      {"scores divided by d_head", {.scale_by_d_head = true}, "scores / sqrt(d_head)"},
      {"attn_mask ignored",
       {.mask_use = MaskUse::Ignored},
       "masked scores (finfo.min where masked)"},
      {"attn_mask transposed",
       {.mask_use = MaskUse::Transposed},
       "masked scores (finfo.min where masked)"},
      {"softmax over the queries",
       {.softmax_over_queries = true},
       "weights = softmax over the keys (dim 3)"},
      {"softmax over the heads", {.softmax_dim = 1}, "weights = softmax over the keys (dim 3)"},
      {"heads merged from the raw memory",
       {.merge_memory_order = true},
       "heads merged to (B, T, d_model)"},
      {"out_proj left out", {.out_proj_missing = true}, "out = out_proj(merged)"},
  };
  for (const Bug& bug : bugs) {
    INFO(bug.what);
    learner_computes(false, [m = bug.mistakes](const Case& c) { return run_mistakes(c, m); });
    const std::string text = journey(masked_case()).text;
    INFO(text);
    CHECK(diverging_step(text) == bug.step);
  }
}

TEST_CASE("a forward that computes every step but returns something else is told so", "[journey]") {
  learner_computes(false, [](const Case& c) { return run_mistakes(c, {.residual_added = true}); });
  const std::string text = journey(masked_case()).text;
  CHECK(text.find("Every step is among your ops' results, the last one included (step 13, out = "
                  "out_proj(merged)), but your code returns something else") != std::string::npos);
  CHECK(text.find("Your ops from there: #") != std::string::npos);
  CHECK(text.find("add -> [2, 3, 6]") != std::string::npos);
}

TEST_CASE("in a grouped kata the kv heads' repetition is a step of its own", "[journey]") {
  learner_computes(true, [](const Case& c) { return run_mistakes(c, {.kv_tiled = true}); });
  CHECK(diverging_step(journey(masked_case()).text) == "k heads repeated per group");
  learner_computes(true, [](const Case& c) {
    return run_mistakes(c, {.v_from = Proj::K});  // (v from k_proj: the values diverge)
  });
  CHECK(diverging_step(journey(masked_case()).text) == "v = v_proj(x)");
  const std::vector<Step> steps = expected_steps(masked_case());
  std::vector<std::string> names;
  for (const Step& s : steps) names.push_back(s.name);
  CHECK(std::find(names.begin(), names.end(), "k heads repeated per group") != names.end());
}

TEST_CASE("the journey shows the steps beside the ops that computed them", "[journey]") {
  learner_computes(false,
                   [](const Case& c) { return run_mistakes(c, {.softmax_over_queries = true}); });
  const std::string text = journey(masked_case()).text;
  CHECK(text.rfind("On the case B = 2, T = 3, num_heads = 2, d_head = 3, forward(x, attn_mask), "
                   "mask shape " +
                       kt::shape_str(masked_case().mask.sizes()) + ":\n",
                   0) == 0);
  // The op that computes the weights, the other way, on the step's row and said with both values.
  INFO(text);
  CHECK(
      text.find("softmax(-2) of #24 (step 9) -> [2, 2, 3, 3], other values  <- first divergence") !=
      std::string::npos);
  CHECK(text.find("has the shape of step 10 (weights = softmax over the keys (dim 3)) but "
                  "computes it differently: at [") != std::string::npos);
}

TEST_CASE("a case with weights of at most 2 x 2 shows them as the call gives them", "[cases]") {
  const auto entries = [](bool modules) {
    KataCall call;
    call.linear_modules = modules;
    call.biases = modules;
    call.call_text = [](const Case&) { return std::string("forward(x)"); };
    SetKataCall{call};
    Case c;
    c.B = 1;
    c.T = 1;
    c.H = 1;
    c.Hkv = 1;
    c.dk = 1;
    c.w.wq = kt::full({1, 1}, 0.5);
    c.w.wk = kt::full({1, 1}, -1.0);
    c.w.wv = kt::full({1, 1}, 2.0);
    c.w.wo = kt::full({1, 1}, 3.0);
    c.w.bq = kt::full({1}, 0.25);
    std::vector<std::string> names;
    for (const auto& [name, value] : c.describe()) names.push_back(name);
    return names;
  };
  const std::vector<std::string> modules = entries(true);
  CHECK(std::count(modules.begin(), modules.end(), "q_proj.weight") == 1);
  CHECK(std::count(modules.begin(), modules.end(), "out_proj.weight") == 1);
  CHECK(std::count(modules.begin(), modules.end(), "q_proj.bias") == 1);
  CHECK(std::count(modules.begin(), modules.end(), "k_proj.bias") == 0);  // none: not shown
  const std::vector<std::string> function = entries(false);
  CHECK(std::count(function.begin(), function.end(), "Wq") == 1);
  CHECK(std::count(function.begin(), function.end(), "Wo") == 1);
  CHECK(std::count(function.begin(), function.end(), "q_proj.weight") == 0);
}
