// The first step that diverges: the correct computation's named steps, with their values, set
// beside the learner's ops as kt's op trace recorded them (kt/instrument.hpp, with values).
//
// Note [aligning on values]
// Learners reach the same tensors by different ops (reshape or contiguous + view, the scale folded
// into q, a loop over the heads, permute for transpose), so steps are matched on values, not on op
// names: a step is reached when some op's result is it (same shape, same values in order), or
// holds exactly its values in another layout (the same sorted values: (B*H, T, T) scores for
// (B, H, T, T)), or, for a step with a head axis, when each head's slice (or each batch entry's and
// head's) is some op's result, as a loop over heads computes them. A layout step (splitting the
// heads, repeating kv heads, merging) only moves values, so only its own shape and order reach it.
// A step that is not reached but that a reached step is computed from (the unscaled scores when the
// scale is folded into q; the full projections when each head is projected alone) was done another
// way, legitimately. The first divergence is the first step that is neither reached nor done
// another way.
//
// A mistake in a layout the learner reaches another way (a 3-D (B*H, T, d) flattening) shows at
// the first step that combines the values, and the report says the mistake may be in the layout
// of that step's inputs.
//
// A call that threw has a journey too, up to the throw: the steps its ops reached, and the first
// they did not, with its shape ("scores = q kᵀ, [1, 2, 2, 2]" beside keys repeated along the
// time axis), as readers asked which shape was expected where a kt op refused another. It is
// traced on a case with some size to it where the code throws (on the smallest, every size is 1
// and steps meet ops by chance), beside where_threw.hpp's op that threw on the smallest case.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "grader/channel/learner_run.hpp"
#include "kt/tensor.hpp"

namespace grader {

/// One step of the correct computation: "scores = q kᵀ / sqrt(d_head)" and its value.
struct Step {
  std::string name;
  kt::Tensor value;
  /// The axis of the heads (1 for (B, H, ...)), whose slices a loop over heads computes one by one;
  /// -1 when the step has none.
  int64_t head_axis = -1;
  /// The steps (indices) it is computed from.
  std::vector<size_t> from;
  /// A step that only moves values (splitting heads, repeating kv heads, merging): reached only by
  /// a result of its shape with its values in its order (or its heads' slices so).
  bool layout = false;
  /// The attention weights (softmax's result): what the attention map shows as expected.
  bool attention_weights = false;
  /// A step several ops make together (flash attention's l₁ = α l₀ + rowsum exp(s₁ − m₁)): no
  /// one op of the learner's is shown computing it differently.
  bool sums_ops = false;
  /// A step a right computation may fold into a later one and never make (m_hat, when the step
  /// size takes 1 / (1 - beta1^t)): not reached, it is done another way, never the divergence
  /// (Note [a step that may be folded] in journey.cpp).
  bool foldable = false;
};

/// A kata's steps as it writes them: add() appends a step computed from earlier ones (their
/// indices) and returns its index; a step whose value is its only input's (nothing masked: the
/// masked scores are the scaled ones) is that input instead.
struct Steps {
  std::vector<Step> list;
  size_t add(std::string name, const kt::Tensor& value, int64_t head_axis, std::vector<size_t> from,
             bool layout = false);
};

/// An input of the call, named as the statement names it ("v", "mask", "q_proj.weight").
struct NamedInput {
  std::string name;
  kt::Tensor value;
  kt::TensorMeta meta{};  // which tensor it is in the trace (kt::trace_meta), when traced
  size_t after = 0;       // how many of the learner's ops ran before it was named, when traced
};

/// Whether a and b are one tensor: the same place, layout and dtype (a traced tensor is known by
/// where it lies, kt::TensorMeta::address).
bool same_tensor(const kt::TensorMeta& a, const kt::TensorMeta& b);

/// The name of the call's input that the tensor `m` given to the op at `before` (an index into
/// `events`) is: an input named before that op that no op since has made again, known by where
/// it lies (same_tensor); "" when none, or when two names fit.
std::string input_named(const kt::TensorMeta& m, const std::vector<NamedInput>& inputs,
                        const std::vector<kt::TraceEvent>& events, size_t before);

/// " Your #7 one_hot(-1) made 1 column (...), and your #9 mul broadcast it against [2, 3]: pass
/// the number of classes, ...": a one_hot whose width was taken from its values, broadcast by a
/// later op against a wider tensor (Note [a one_hot that broadcast]); "" when none was.
std::string one_hot_broadcast(const std::vector<kt::TraceEvent>& events);

/// A call of the learner's code as traced: its ops from the learner_code_starts() mark on, ops
/// that threw among them (TraceEvent::threw), and the inputs its handler named
/// (serve::learner_code_starts, serve::name_inputs: events "input:NAME", taken out of `events`,
/// each with the number of ops before it).
struct LearnerTrace {
  std::vector<kt::TraceEvent> events;
  std::vector<NamedInput> inputs;
};
/// Runs fn (a kata's call into the learner's code) under an op trace, keeping a copy of each result
/// when keep_values (and only then the named inputs).
LearnerTrace trace_learner_whole(const std::function<void()>& fn, bool keep_values = true);

/// The learner's ops alone, with values: trace_learner_whole's events less the ops that threw
/// (code that catches kt's errors and goes on).
std::vector<kt::TraceEvent> trace_learner(const std::function<void()>& fn);

/// "matmul -> [2, 3]", "amax(-1, keepdim) -> [2, 1]", "to(float32) -> ...": an op as the journey
/// lists it.
std::string op_text(const kt::TraceEvent& e);
/// "view(2, 1, 1)", "amax(-1, keepdim)": op_text without its result.
std::string call_text(const kt::TraceEvent& e);
/// A kt::one_hot whose num_classes was left at -1: its width is the largest index + 1.
bool one_hot_width_from_values(const kt::TraceEvent& e);
/// A 0-dim result that is no reduction: the tensor kt makes for a plain number in `x - 1.0`.
bool made_for_a_number(const kt::TraceEvent& e);

/// Called by a kata's call after it copies the case's inputs and right before it calls the
/// learner's function, so that a traced run shows the learner's ops only. Costs nothing otherwise.
void learner_code_starts();

/// For each step, the index of the first traced event whose result holds it (or, for a step with
/// a head axis, of the last event needed to cover its slices); -1 when none.
std::vector<int64_t> align_steps(const std::vector<Step>& steps,
                                 const std::vector<kt::TraceEvent>& events);

/// The first step that is neither reached nor done another way (Note [aligning on values]), or
/// steps.size() when there is none.
size_t first_diverging(const std::vector<Step>& steps, const std::vector<int64_t>& at);

/// A journey: its text, and the step it names as the first divergence ("step 3 (angles =
/// positions ⊗ inv_freq)", or "what is returned after step 10"). Two failing checks whose journeys
/// name one step come from one mistake, whatever their cases (Note [root causes] in
/// grader/cli/reports/result.cpp).
struct Journey {
  std::string text;  // several lines; empty when nothing diverges
  std::string step;  // empty when text is
  std::string on;    // the case it is on, when text begins "On ON:\n" (on_case)
  /// Two steps have the same numbers on its case (one token: weights @ v is v), so ops may pair
  /// with steps by chance: a journey on the smallest failing case is not shown then.
  bool steps_alike = false;
};

/// The report: the steps beside the ops that computed them, the first diverging step, and the
/// learner's ops after the last step reached before it. When every step is reached but what the
/// code returned is not the last step's value, that is the divergence. Empty when nothing diverges.
/// An op of the learner that computes the diverging step differently (Note [ops that compute a
/// step differently]) is shown on its row with both values, unless the step is Step::sums_ops.
/// `inputs`, the call's named inputs: an op that only moves one of them is listed as "of v".
/// `threw`: the call threw a kt error (returned is undefined; `events` may end with the op that
/// threw, TraceEvent::threw, which is then named last): the journey is of the steps before the
/// throw, and empty when every step was reached before it. Ops that threw and were caught are
/// left out.
Journey journey_text(const std::vector<Step>& steps, const std::vector<kt::TraceEvent>& events,
                     const kt::Tensor& returned, const std::vector<NamedInput>& inputs = {},
                     bool threw = false);

/// The journey of one call of the learner's code: `call` (which calls it and returns what the last
/// step's value stands for, undefined when it threw) traced beside `steps`, under "On CASE_TEXT:";
/// empty when nothing diverges, or when the call returned nothing without a kt op throwing. The
/// inputs its handler named are named.
Journey journey_of_call(const std::vector<Step>& steps, const std::function<kt::Tensor()>& call,
                        const std::string& case_text);

/// Note [forms of a computation]
/// Some computations are written two ways as often as one: RoPE on cat(angles, angles) with
/// rotate_half, or on the two halves of x with the angles as they are. A journey in one form finds
/// no op of a learner who wrote the other past the steps they share, and names the first step it
/// lacks ("emb = cat(angles, angles)") where the learner's own way of writing it is right, as a
/// reader found. A kata gives each form's steps; the journey follows the form the learner's ops
/// go furthest in: the most steps done before its first divergence, then the most steps reached,
/// then the first form.

/// The form (an index into `forms`) the traced ops follow, Note [forms of a computation].
size_t nearest_form(const std::vector<std::vector<Step>>& forms,
                    const std::vector<kt::TraceEvent>& events);

/// journey_of_call for a computation of several forms: the call traced once, its journey in the
/// nearest form.
Journey journey_of_call(const std::vector<std::vector<Step>>& forms,
                        const std::function<kt::Tensor()>& call, const std::string& case_text);

/// The same for a call that returns the learner's Run: the journey up to the throw whenever the
/// learner's code threw a kt error (its own kt::ValueError too, not only a kt op's).
Journey journey_of_run(const std::vector<Step>& steps, const std::function<Run()>& call,
                       const std::string& case_text);

/// j with its text under "On CASE_TEXT:" (nothing when it is empty).
Journey on_case(const std::string& case_text, Journey j);
/// j (from on_case) on a case other than the failing one the report shows: its header says so,
/// and that its op numbers are its own (readers took two cases' numbers for one).
Journey on_another_case(Journey j);

}  // namespace grader
