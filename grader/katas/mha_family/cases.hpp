// Random multi-head attention cases for the checks of the katas that grade it (mha: the module;
// mha_function: the bare function; gqa: grouped-query attention), the call into the learner's code
// (each kata sets its own, KataCall), and output comparison.
#pragma once

#include "grader/lib/kata.hpp"

#include "grader/katas/mha_family/mistakes.hpp"
#include "grader/lib/journey.hpp"
#include "reference/gqa/gqa.hpp"

namespace grader::mha {

/// How a case masks attention.
enum class Masking {
  CausalFlag,   // forward(x, causal) with a random causal flag
  CausalOnly,   // forward(x, true)
  NotCausal,    // forward(x, false)
  Partial,      // forward(x, mask): random Bool mask, every query keeps at least one key
  FullyMasked,  // forward(x, mask): random mask with at least one fully masked query row
};

/// Ranges a check draws its cases from. The defaults are the general checks' ranges.
struct Spec {
  int64_t b_max = 4, t_min = 1, t_max = 16, h_min = 1, h_max = 8, dk_min = 1, dk_max = 8;
  Masking masking = Masking::CausalFlag;
  /// Grouped katas only: 2-3 kv heads serving 2-3 query heads each (so num_heads is 4, 6 or 9
  /// and h_min/h_max are ignored), where reading the wrong kv head shows.
  bool proper_groups = false;
};

/// The detectors' presets (Note [pitfall detectors] in detect.hpp): small cases with one head,
/// where every head-splitting, merging and scaling mistake vanishes...
Spec one_head(Masking masking);
/// ...or with 2-4 heads, where they show.
Spec several_heads(Masking masking);

struct Case {
  int64_t B = 1, T = 1, H = 1, dk = 1;
  int64_t Hkv = 1;  // key/value heads: H except in a grouped kata, where it divides H
  bool bias = true;
  bool causal = false;
  kt::Tensor mask;  // defined: use the mask overload
  std::string mask_text;
  ref::MhaWeights w;
  kt::Tensor x;
  [[nodiscard]] int64_t D() const { return H * dk; }
  /// The fields shown with a failure besides RapidCheck's named values.
  [[nodiscard]] std::vector<std::pair<std::string, std::string>> describe() const;
};

/// How a kata's learner's code is called, as the checks show it. Each kata of the family sets one
/// at start-up (a static SetKataCall in its checks.cpp); its learner's process answers the call
/// itself (its call.cpp, grader/katas/mha_family/call.hpp).
struct KataCall {
  std::string what;    // names the call in a failure: "forward", "mha(x, Wq, Wk, Wv, Wo, h, mask)"
  bool biases = true;  // whether a case may have biases
  bool grouped = false;  // whether a case may have fewer key/value heads than query heads (gqa)
  /// Whether the learner's API takes the causal flag; false: a causal case is given as the
  /// causal tril mask (mha_function), so the learner's code sees one mask either way.
  bool causal_flag = true;
  /// Whether the projections are nn.Linear modules (q_proj(x)); false: weight matrices the
  /// learner multiplies by (x @ Wq), as the mha_function kata gives them.
  bool linear_modules = true;
  /// The "call" field shown with a failure.
  std::function<std::string(const Case&)> call_text;
};
const KataCall& kata_call();
struct SetKataCall {
  explicit SetKataCall(KataCall call);
};

/// The "call" field of a module kata (mha, gqa): which forward overload the case uses.
std::string module_call_text(const Case& c);

/// The case's projection weights (scaled by 1/sqrt(d_model)) and, when c.bias, biases (scaled by
/// bias_scale), drawn from gen for its shapes (num_kv_heads * d_head rows for k and v).
void draw_weights(Case& c, kt::Generator& gen, double bias_scale);

/// Draws a case inside a RapidCheck property (sizes named so shrinking shows them).
Case generate(const Spec& spec);

/// Runs the learner's code on the case in the learner's process. Never throws.
Run run_learner(const Case& c);
/// The reference's output for the case (a fully masked query row as `rows` says).
kt::Tensor run_reference(const Case& c, ref::MaskedRows rows = ref::MaskedRows::Uniform);
/// What the case's forward computes with the given mistakes (mistakes.hpp).
kt::Tensor run_mistakes(const Case& c, const Mistakes& mistakes);

/// A failure for a forward that threw (or returned something that is not a tensor of the right
/// shape), naming what the learner should look at.
Failure failure_from_run(const Case& c, const Run& run);
bool shape_ok(const Case& c, const Run& run);

/// grader::run_property, minus the RapidCheck values the case's "call" field already shows.
Outcome run_mha_property(uint64_t seed, int cases,
                         const std::function<std::optional<Failure>()>& body);

}  // namespace grader::mha
