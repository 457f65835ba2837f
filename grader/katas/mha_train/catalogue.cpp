#include "grader/katas/mha_train/catalogue.hpp"

#include <algorithm>
#include <string>

#include "grader/katas/mha_family/journey.hpp"
#include "grader/lib/projections.hpp"

namespace grader::kata_mha_train {

mha::Case as_mha(const Case& c) {
  mha::Case m;
  m.B = c.B;
  m.T = c.T;
  m.H = c.H;
  m.Hkv = c.H;
  m.dk = c.d_head;
  m.bias = c.bias;
  m.causal = c.causal;
  m.w = c.w;
  m.x = c.x;
  return m;
}

std::vector<Case> discriminating_cases() {
  kt::Generator gen(20261202);
  std::vector<Case> cases;
  for (const bool causal : {true, false}) {
    Case c;
    c.B = 2;
    c.T = 3;
    c.H = 2;
    c.d_head = 3;
    c.bias = true;
    c.causal = causal;
    c.training = false;
    c.p = 0.3;
    c.gen_seed = 7;
    c.w = random_projections(c.D(), c.D(), true, 0.5, gen);
    c.x = kt::randn({c.B, c.T, c.D()}, gen);
    cases.push_back(std::move(c));
  }
  return cases;
}

std::vector<mha::MhaEntry> catalogue() {
  const std::vector<Case> cases = discriminating_cases();
  std::vector<mha::MhaEntry> shown;
  std::vector<std::vector<kt::Tensor>> outputs;  // of the entries kept, on each case
  std::vector<kt::Tensor> reference;
  for (const Case& c : cases) reference.push_back(run_reference(c));
  for (const mha::MhaEntry& e : mha::catalogue()) {
    std::vector<kt::Tensor> out;
    for (const Case& c : cases) out.push_back(mha::catalogue_output(as_mha(c), e.mistakes));
    const auto apart = [&](const std::vector<kt::Tensor>& other) {
      for (size_t i = 0; i < cases.size(); ++i)
        if (!close(out[i], other[i])) return true;
      return false;
    };
    // Kept when it shows here and is not an earlier entry under another name (without attn_mask,
    // "no masking at all" is "the causal flag ignored").
    if (apart(reference) && std::all_of(outputs.begin(), outputs.end(), apart)) {
      shown.push_back(e);
      outputs.push_back(std::move(out));
    }
  }
  return shown;
}

void diagnose_after_shrinking(Failure& f, const Case& failing) {
  grader::diagnose_after_shrinking<Case>(f, failing, [] {
    Diagnosis<Case> d =
        diagnosis_over<Case>(catalogue(), [](const mha::MhaEntry& e, const Case& c) {
          return mha::catalogue_output(as_mha(c), e.mistakes);
        });
    d.discriminating_cases = discriminating_cases;
    // Only a case without dropout is deterministic enough to compare.
    d.keeps_failing = [](const Case& c) { return !c.training || c.p == 0.0; };
    d.learner = [](const Case& c) {
      const Calls r = run_learner(c);
      return shape_ok(c, r.run) ? r.run.out : kt::Tensor();
    };
    d.reference = run_reference;
    d.steps = [](const Case& c) { return mha::expected_steps(as_mha(c)); };
    d.case_text = [](const Case& c) {
      return "the case B = " + std::to_string(c.B) + ", T = " + std::to_string(c.T) +
             ", num_heads = " + std::to_string(c.H) + ", d_head = " + std::to_string(c.d_head) +
             ", " + (c.training ? "train()" : "eval()") + ", forward(x, gen, " +
             (c.causal ? "true" : "false") + ")";
    };
    d.map_axes = {"batch entry", "head"};
    return d;
  });
}

}  // namespace grader::kata_mha_train
