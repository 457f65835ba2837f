#include "grader/lib/journey.hpp"

#include "grader/lib/compare.hpp"
#include "grader/lib/words.hpp"
#include "grader/report/ratio_text.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <set>

namespace grader {
namespace {

// The live trace_learner's trace on this thread, and where the learner's code started in it.
thread_local const kt::OpTrace* g_trace = nullptr;
thread_local size_t g_learner_start = 0;

/// A tensor's values in Float64, in its logical order.
std::vector<double> values_of(const kt::Tensor& t) {
  return t.to(kt::Float64).contiguous().to_vector<double>();
}

/// Both entries masked: -inf, or a fill of -1e30 and below (finfo.min, of any dtype).
bool both_masked(double a, double b) { return a <= -1e30 && b <= -1e30; }

/// A tensor's values as a sorted list: equal for any layout of the same numbers.
std::vector<double> sorted_values(const kt::Tensor& t) {
  std::vector<double> v = values_of(t);
  std::sort(v.begin(), v.end());
  return v;
}

/// Equal within 1e-9, a masked entry (-inf or -1e30 and below: finfo.min, of any dtype) equal to
/// another: code that masks with -inf where the step has finfo.min does the step, and the journey
/// goes on to the step it gets wrong.
bool same_values(const std::vector<double>& a, const std::vector<double>& b) {
  if (a.size() != b.size() || a.empty()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (std::isnan(a[i]) || std::isnan(b[i])) return false;
    if (both_masked(a[i], b[i])) continue;
    if (std::abs(a[i] - b[i]) > 1e-9 * std::abs(b[i]) + 1e-12) return false;
  }
  return true;
}

std::string shape_text(const kt::Shape& s) { return kt::shape_str(s); }

}  // namespace

/// "matmul -> [2, 3]", "transpose(1, 2) -> ...", with the arguments a learner would write where
/// they are not plain numbers: "amax(-1, keepdim) -> ...", "to(float32) -> ...".
std::string op_text(const kt::TraceEvent& e) {
  static const std::set<std::string> reductions = {"sum", "mean", "amax",   "amin",
                                                   "max", "min",  "argmax", "argmin"};
  // (Appended piece by piece: GCC 12's -Wrestrict misfires on "(" + std::string + ")".)
  std::string s = e.op;
  if (e.op == "to" && e.args.size() == 1) {
    s += '(';
    s += kt::dtype_name(static_cast<kt::Dtype>(e.args[0]));
    s += ')';
  } else if (reductions.count(e.op) != 0 && e.args.size() == 2) {
    s += '(';
    s += std::to_string(e.args[0]);
    s += e.args[1] != 0 ? ", keepdim)" : ")";
  } else if (!e.args.empty()) {
    s += '(';
    for (size_t i = 0; i < e.args.size(); ++i) {
      if (i > 0) s += ", ";
      s += std::to_string(e.args[i]);
    }
    s += ')';
  }
  // A 0-dim result: a whole tensor reduced to one number.
  return s + " -> " + shape_text(e.output.sizes) + (e.output.sizes.empty() ? " (one number)" : "");
}

std::string call_text(const kt::TraceEvent& e) {
  const std::string text = op_text(e);
  return text.substr(0, text.find(" -> "));
}

bool one_hot_width_from_values(const kt::TraceEvent& e) {
  return e.op == "one_hot" && e.args.size() == 1 && e.args[0] == -1 && !e.output.sizes.empty();
}

namespace {

/// Whether an event's result is `wanted` itself: the same shape and values in the same order.
bool same_tensor(const kt::TraceEvent& e, const kt::Tensor& wanted) {
  return e.value.defined() && e.value.sizes() == wanted.sizes() && wanted.numel() > 0 &&
         kt::all(kt::isfinite(e.value)).item() != 0.0 &&
         kt::allclose(e.value.to(kt::Float64), wanted.to(kt::Float64), 1e-9, 1e-12);
}

/// The first event whose result is `wanted` (same shape, same order); else, unless `layout` (a
/// step that only moves values: there the order is the point), the first that holds its values in
/// any layout; -1 when none.
int64_t find_value(const std::vector<std::vector<double>>& traced,
                   const std::vector<kt::TraceEvent>& events, const kt::Tensor& wanted,
                   bool layout) {
  for (size_t i = 0; i < events.size(); ++i)
    if (same_tensor(events[i], wanted)) return int64_t(i);
  if (layout) return -1;
  const std::vector<double> values = sorted_values(wanted);
  for (size_t i = 0; i < traced.size(); ++i)
    if (same_values(traced[i], values)) return int64_t(i);
  return -1;
}

std::string pad(std::string s, size_t width) {
  // Width in characters (the names hold a few multi-byte ones: ᵀ, √).
  size_t chars = 0;
  for (const unsigned char c : s) chars += (c & 0xC0) != 0x80;
  // A column's text never runs into the next one: two spaces at least after it.
  s.append(chars + 2 <= width ? width - chars : 2, ' ');
  return s;
}

/// How many entries of a and b (of one shape) are equal, NaN equal to NaN.
int64_t equal_entries(const kt::Tensor& a, const kt::Tensor& b) {
  const std::vector<double> x = values_of(a);
  const std::vector<double> y = values_of(b);
  int64_t n = 0;
  for (size_t i = 0; i < x.size() && i < y.size(); ++i)
    n += (std::isnan(x[i]) && std::isnan(y[i])) ||
         std::abs(x[i] - y[i]) <= 1e-9 * std::abs(y[i]) + 1e-12;
  return n;
}

}  // namespace

/// A 0-dim result that is no reduction: the tensor kt makes for a plain number in `x - 1.0`.
bool made_for_a_number(const kt::TraceEvent& e) {
  static const std::set<std::string> reductions = {"sum", "mean", "amax", "amin", "max",
                                                   "min", "prod", "norm", "var",  "std"};
  return e.output.sizes.empty() && reductions.count(e.op) == 0;
}

namespace {

/// Whether `got` holds `want`'s numbers (as a multiset) in other places: entry by entry they
/// differ by far more than rounding (1e-6 relative), not only at the matching's tolerance.
bool moved(const kt::Tensor& got, const kt::Tensor& want) {
  if (got.numel() != want.numel()) return false;
  const std::vector<double> g = values_of(got);
  const std::vector<double> w = values_of(want);
  for (size_t i = 0; i < g.size(); ++i) {
    if (both_masked(g[i], w[i])) continue;
    if (std::isnan(g[i]) && std::isnan(w[i])) continue;
    if (!(std::abs(g[i] - w[i]) <= 1e-6 * (1 + std::abs(w[i])))) return true;
  }
  return false;
}

/// The constant `op` is `step` times, other than 1 and 0, over at least three entries (each entry
/// where the step is 0 is 0 in op too); nullopt when there is none. Zeros are no multiple of a step
/// (α·acc with acc = 0 beside the scores of the same shape: any op whose result is all 0 would be
/// "the step times 0").
std::optional<double> multiple_of(const kt::Tensor& op, const kt::Tensor& step) {
  if (op.sizes() != step.sizes()) return std::nullopt;
  const std::vector<double> o = values_of(op);
  const std::vector<double> st = values_of(step);
  double ratio = 0;
  int64_t n = 0;
  for (size_t i = 0; i < o.size(); ++i) {
    if (!std::isfinite(o[i]) || !std::isfinite(st[i])) return std::nullopt;
    if (std::abs(st[i]) < 1e-12) {
      if (std::abs(o[i]) >= 1e-12) return std::nullopt;
      continue;
    }
    const double r = o[i] / st[i];
    if (!std::isfinite(r)) return std::nullopt;  // finfo.min over a score: no multiple
    if (n++ == 0)
      ratio = r;
    else if (std::abs(r - ratio) > 1e-9 * std::abs(ratio))
      return std::nullopt;
  }
  if (n < 3 || std::abs(ratio - 1.0) <= 1e-9 || std::abs(ratio) <= 1e-12) return std::nullopt;
  return ratio;
}

/// Whether `op` is `step` times one constant other than 1 and 0 (multiple_of).
bool proportional(const kt::Tensor& op, const kt::Tensor& step) {
  return multiple_of(op, step).has_value();
}

std::string argument_reading(double x, const std::vector<NamedInput>& inputs);

/// " (everywhere the step times 0.707107 = 1 / sqrt(2))" when `op` is a multiple of `step`; "".
std::string multiple_text(const kt::Tensor& op, const kt::Tensor& step,
                          const std::vector<NamedInput>& inputs) {
  const std::optional<double> r = multiple_of(op, step);
  if (!r) return "";
  // 0.69857 read as sqrt(1 - beta1^step), a scalar the call named, its root, square or
  // reciprocal (argument_reading); else 1.41421 as sqrt(2), 0.894427 as sqrt(4/5)
  // (report::ratio_reading).
  char text[64];
  std::snprintf(text, sizeof text, " (everywhere the step times %.6g", *r);
  std::string reading = argument_reading(*r, inputs);
  if (reading.empty()) reading = report::ratio_reading(*r);
  std::string out = text;
  if (!reading.empty()) out += " = " + reading;
  return out + ")";
}

/// Whether `later` masks entries of `step` (a fill of magnitude 1e30 or more, or inf) that `op`
/// leaves unmasked, and differs from it nowhere else: `op` is then not the masking, and is
/// compared with `step` alone. (Scores divided by the wrong scale equal neither the scaled scores
/// nor the masked ones in any entry; they are still the scaling, not the masking.)
bool masks_what_op_does_not(const kt::Tensor& later, const kt::Tensor& step, const kt::Tensor& op) {
  if (later.sizes() != step.sizes() || later.sizes() != op.sizes()) return false;
  const std::vector<double> l = values_of(later);
  const std::vector<double> st = values_of(step);
  const std::vector<double> o = values_of(op);
  const auto masked = [](double v) { return !std::isfinite(v) || std::abs(v) >= 1e30; };
  bool any = false;
  for (size_t i = 0; i < l.size(); ++i) {
    if (masked(l[i]) && !masked(st[i])) {
      if (masked(o[i])) return false;
      any = true;
    } else if (!(l[i] == st[i] || (std::isnan(l[i]) && std::isnan(st[i])))) {
      return false;
    }
  }
  return any;
}

// Note [ops that compute a step differently]
// A step no op of the learner reaches is often computed, but differently: the scores divided by
// d_k, the values centred before weights @ v. Saying "none" there sent readers looking for a
// missing op that was on the next line. The op is taken to compute the step differently only
// where that is likely to be true: it computes (it does not only move or make values), it comes
// after the ops that computed every input of the step, its result has the step's shape and kind
// (numbers, not a mask), it is no step reached, and it is not more like a later step that is not
// reached, nor as like one (an op that masks unscaled scores is the masking, with the scaling
// missing before it; a matmul of the weights and V is no key rotation of the same shape). A later
// step that only masks the diverging one is not "as like" an op that masks nothing, and an op
// that is a multiple of the step (scores divided by the wrong scale, which equal no entry of the
// step nor of any later one) is that step done differently. A later step cannot be the op, and
// so makes nothing ambiguous, when it is given a step that an op after this one reached (tanh of
// the gate, before up is computed, is silu(gate) done differently, not silu(gate) * up), or when
// an op given this one's result and another step the later one is made from is as like it (layer
// norm's g - mean(g) + x̂ mean(g x̂), a sign flipped, is that numerator done differently; the
// division by sigma after it is dx). Of several such ops before the next step reached, the one with
// most entries equal to the step's; of equals, one computed from every one of the step's inputs
// (the sum of both terms, not one of them), and the last of those (values centred before weights @
// v: the matmul, not the subtraction), never one that returns an input unchanged (a where that
// keeps every row: the op before it computed the value). Otherwise the row says "none", as before.
// A step that sums several ops (flash attention's accumulators: Step::sums_ops) is not compared
// with any one of them.

// Note [a first step computed from a prepared input]
// A step made from the call's inputs alone (layer norm's mean of x) is compared with the first op
// of its shape given one of them directly. Where none is, the learner often computed it on an
// input one op of its own changed first (x + bias, the bias added before normalising): the mean
// of that is step 1 computed differently, and saying "none" sent readers through the op list for
// it. So, only where no op of the step's shape is given an input directly: the first op of the
// step's shape given a tensor that a single op (no step, no mere move, the input's shape) made
// from the call's inputs and plain numbers alone, and nothing else but those, under the same test
// against the later steps as a direct one. Looser (any op of the input's shape, whatever else it
// or the op was given), cross_entropy's gather of the log-probabilities at the targets stood for
// the row maxima.

/// The learner's op that computes steps[s] differently: the first event from `from` on whose
/// result has the step's shape and a dtype of its kind (a Bool mask is no score), and is no step
/// reached; -1 when none, or when it is as much like a later step not reached (as many of its
/// entries equal to that step's, or more: an op that masks unscaled scores is the masking done on
/// the wrong input, not the scaling done differently).
/// Ops that only move or make values (a layout, a copy, a constant).
bool moves_only(const std::string& op) {
  static const std::set<std::string> moves = {
      "as_strided", "cat",         "clone", "contiguous", "copy_",   "expand", "fill_",
      "flatten",    "from_vector", "full",  "narrow",     "permute", "repeat", "repeat_interleave",
      "reshape",    "select",      "slice", "squeeze",    "stack",   "to",     "transpose",
      "unsqueeze",  "view",        "arange"};
  return moves.count(op) != 0;
}

/// Whether step `later` is computed from step `s`, directly or through other steps.
bool computed_from(const std::vector<Step>& steps, size_t later, size_t s) {
  for (const size_t f : steps[later].from)
    if (f == s || (f > s && computed_from(steps, f, s))) return true;
  return false;
}

/// Ops whose trace event holds their first input only (cat, stack: kt's OpScope takes one).
bool records_first_only(const std::string& op) { return op == "cat" || op == "stack"; }

/// The op before `before` that made the tensor m (its last maker, where memory was reused), or -1.
int64_t maker_before(const std::vector<kt::TraceEvent>& events, const kt::TensorMeta& m,
                     int64_t before) {
  for (int64_t j = before; j-- > 0;)
    if (grader::same_tensor(events[size_t(j)].output, m)) return j;
  return -1;
}

int64_t computes_differently(const std::vector<kt::TraceEvent>& events, int64_t from,
                             const std::vector<Step>& steps, size_t s,
                             const std::vector<int64_t>& at,
                             const std::vector<NamedInput>& inputs) {
  // Ops that only move or make values compute no step differently (moves_only).
  const auto fits = [&](const kt::TraceEvent& e, const Step& step) {
    return e.value.defined() && !moves_only(e.op) && e.output.sizes == step.value.sizes() &&
           (e.output.dtype != kt::Bool) == (step.value.dtype() != kt::Bool);
  };
  // Only after the ops that computed every input of the step: a step with an input not reached
  // (done another way) has no op to compare; nor has a step that several ops make together. A
  // step made from the call's inputs alone (the first) is compared only with a multiple of it
  // (scores with their scale left out): any op of its shape could be there by chance.
  if (steps[s].sums_ops) return -1;
  // The op before `before` that made the tensor m (its last maker), or -1.
  const auto maker_of = [&](const kt::TensorMeta& m, int64_t before) {
    return maker_before(events, m, before);
  };
  // A later step cannot be op i when it is given a step that a later op reached (tanh(gate) is
  // no silu(gate) * up when up comes after it), nor when an op given op i's result and another
  // step the later one is made from is as like it (layer norm's numerator with a sign flipped,
  // then divided by sigma: the division is dx, the sum before it the numerator): it does not make
  // op i ambiguous.
  const auto needs_a_later_op = [&](const Step& later, int64_t i) {
    if (std::any_of(later.from.begin(), later.from.end(), [&](size_t f) { return at[f] > i; }))
      return true;
    const int64_t here = equal_entries(events[size_t(i)].value, later.value);
    for (int64_t j = i + 1; j < int64_t(events.size()); ++j) {
      const kt::TraceEvent& next = events[size_t(j)];
      if (!next.value.defined() || moves_only(next.op) ||
          next.output.sizes != later.value.sizes() ||
          std::find(at.begin(), at.end(), j) != at.end())
        continue;
      // Given op i's result and, beside it, another input of the later step (sigma, for dx).
      const auto given = [&](int64_t op) {
        return std::any_of(next.inputs.begin(), next.inputs.end(),
                           [&](const kt::TensorMeta& m) { return maker_of(m, j) == op; });
      };
      const bool another_input = std::any_of(later.from.begin(), later.from.end(), [&](size_t f) {
        return f != s && at[f] >= 0 && given(at[f]);
      });
      if (given(i) && another_input && equal_entries(next.value, later.value) >= here) return true;
    }
    return false;
  };
  // Whether op i is computed from every op that reached one of step s's inputs (a sum of both of
  // the step's terms, not one of the terms).
  const auto reads_every_input = [&](int64_t i) {
    std::set<int64_t> wanted;
    int64_t floor = i;
    for (const size_t f : steps[s].from) {
      wanted.insert(at[f]);
      floor = std::min(floor, at[f]);
    }
    std::vector<int64_t> todo = {i};
    std::vector<bool> seen(events.size(), false);
    while (!todo.empty() && !wanted.empty()) {
      const int64_t j = todo.back();
      todo.pop_back();
      for (const kt::TensorMeta& m : events[size_t(j)].inputs) {
        const int64_t k = maker_of(m, j);
        if (k < floor || seen[size_t(k)]) continue;
        seen[size_t(k)] = true;
        wanted.erase(k);
        todo.push_back(k);
      }
    }
    return wanted.empty();
  };
  const bool from_inputs = steps[s].from.empty();
  int64_t inputs_made = 0;  // the ops after the step's inputs
  for (const size_t f : steps[s].from) {
    if (at[f] < 0) return -1;
    inputs_made = std::max(inputs_made, at[f] + 1);
  }
  // A multiple of the step right after its inputs, though a later step was computed before the
  // learner came back to it (dq = dS k divided by the scale, then dk): the last such multiple,
  // wherever it is among the ops after the inputs.
  if (!from_inputs) {
    int64_t multiple = -1;
    for (int64_t i = inputs_made; i < int64_t(events.size()); ++i) {
      const kt::TraceEvent& e = events[size_t(i)];
      if (std::find(at.begin(), at.end(), i) != at.end()) continue;
      if (e.value.defined() && !moves_only(e.op) && e.output.sizes == steps[s].value.sizes() &&
          proportional(e.value, steps[s].value))
        multiple = i;
    }
    if (multiple >= 0 && multiple < from) return multiple;
  }
  from = std::max(from, inputs_made);
  // Up to the first op a later step reached.
  int64_t to = int64_t(events.size());
  for (size_t later = s + 1; later < steps.size(); ++later)
    if (at[later] >= from) to = std::min(to, at[later]);
  // A step made from the call's inputs: the first op of its shape given one of them directly
  // (dP = dout vᵀ computed as dout outᵀ: "matmul of dout and #9"), when no later step that is
  // computed from this one is more like it (Note [ops that compute a step differently]).
  if (from_inputs) {
    // Given a call's input directly; else (no op of the step's shape is) given one that a single
    // op of the input's shape made from it: x + bias where x belongs, whose mean is step 1
    // computed on the wrong tensor (Note [a first step computed from a prepared input]).
    const auto given_input = [&](const kt::TraceEvent& e, size_t before) {
      return std::any_of(e.inputs.begin(), e.inputs.end(), [&](const kt::TensorMeta& m) {
        return !input_named(m, inputs, events, before).empty();
      });
    };
    // A call's input, or a plain number made for the op at `before`.
    const auto plain = [&](const kt::TensorMeta& m, int64_t before) {
      if (!input_named(m, inputs, events, size_t(before)).empty()) return true;
      const int64_t j = maker_of(m, before);
      return j >= 0 && made_for_a_number(events[size_t(j)]);
    };
    // Every input of op i plain or prepared, one prepared: a tensor that one op (no step, no mere
    // move) made of the input's shape from plain inputs alone (x + bias, x * weight; not logits
    // minus a logsumexp computed before, nor an index made by a chain of ops).
    const auto given_prepared = [&](const kt::TraceEvent& e, int64_t i) {
      bool any = false;
      for (const kt::TensorMeta& m : e.inputs) {
        if (plain(m, i)) continue;
        const int64_t j = maker_of(m, i);
        if (j < 0 || std::find(at.begin(), at.end(), j) != at.end()) return false;
        const kt::TraceEvent& made = events[size_t(j)];
        if (!made.value.defined() || moves_only(made.op) || made_for_a_number(made) ||
            made.inputs.empty())
          return false;
        bool shaped = false;
        for (const kt::TensorMeta& n : made.inputs) {
          if (!plain(n, j)) return false;
          shaped = shaped || (n.sizes == made.output.sizes &&
                              !input_named(n, inputs, events, size_t(j)).empty());
        }
        if (!shaped) return false;
        any = true;
      }
      return any;
    };
    for (const bool prepared : {false, true}) {
      bool candidate = false;
      for (int64_t i = from; i < to; ++i) {
        const kt::TraceEvent& e = events[size_t(i)];
        if (!fits(e, steps[s]) || std::find(at.begin(), at.end(), i) != at.end()) continue;
        if (!(prepared ? given_prepared(e, i) : given_input(e, size_t(i)))) continue;
        candidate = true;
        const int64_t here = equal_entries(e.value, steps[s].value);
        bool later_alike = false;
        for (size_t later = s + 1; later < steps.size() && !later_alike; ++later) {
          if (!fits(e, steps[later]) || needs_a_later_op(steps[later], i)) continue;
          const int64_t there = equal_entries(e.value, steps[later].value);
          later_alike =
              at[later] >= 0 || !computed_from(steps, later, s) ? there >= here : there > here;
        }
        if (!later_alike) return i;
        break;  // the first such op only
      }
      if (candidate) break;
    }
  }
  // The candidate most like the step (most entries equal to it); of equals, a multiple of the step
  // (the nearest to it), else one computed from all of the step's inputs (the sum of both terms of
  // dx's numerator, not one term), else one given an op of the step's inputs directly (log of the
  // sum for max + log(sum), not a gather two ops on), and of those the last (the values centred
  // before weights @ v: the matmul after the subtraction, both of the step's shape).
  const auto given_a_step_input = [&](const kt::TraceEvent& e) {
    for (const size_t f : steps[s].from)
      for (const kt::TensorMeta& m : e.inputs)
        if (grader::same_tensor(events[size_t(at[f])].output, m)) return true;
    return false;
  };
  int64_t best = -1, best_alike = -1;
  bool best_direct = false, best_multiple = false, best_reads_all = false;
  double best_off = 0.0;
  // An op that selects among its inputs' entries and here returns one input unchanged (a where
  // whose mask keeps every entry) computes nothing: the op that made that input is the one
  // compared.
  const auto passes_on = [&](int64_t i) {
    static const std::set<std::string> selects = {"where",   "masked_fill", "maximum",
                                                  "minimum", "clamp",       "nan_to_num"};
    const kt::TraceEvent& e = events[size_t(i)];
    if (selects.count(e.op) == 0) return false;
    return std::any_of(e.inputs.begin(), e.inputs.end(), [&](const kt::TensorMeta& m) {
      const int64_t j = maker_of(m, i);
      return j >= 0 && events[size_t(j)].value.defined() &&
             events[size_t(j)].output.sizes == e.output.sizes &&
             equal_entries(events[size_t(j)].value, e.value) == e.value.numel();
    });
  };
  for (int64_t i = from; i < to; ++i) {
    const kt::TraceEvent& e = events[size_t(i)];
    if (!fits(e, steps[s]) || std::find(at.begin(), at.end(), i) != at.end() || passes_on(i))
      continue;
    const std::optional<double> ratio = multiple_of(e.value, steps[s].value);
    if (from_inputs && !ratio) continue;
    // Ambiguous when as like a later step (weights @ V beside a key rotation of the same shape,
    // both with no entry alike): not this one.
    const int64_t here = equal_entries(e.value, steps[s].value);
    // A multiple of the step (the scores divided by another scale) is that step, whatever the
    // later steps of its shape.
    bool later_alike = false;
    const bool multiple = ratio.has_value();
    for (size_t later = s + 1; later < steps.size() && !later_alike && !multiple; ++later) {
      if (!fits(e, steps[later]) || needs_a_later_op(steps[later], i)) continue;
      const int64_t there = equal_entries(e.value, steps[later].value);
      // A later step reached by another op: this one is on its way there (the scores of the
      // next block before their mask) when it is more like that step.
      later_alike = at[later] < 0
                        ? there >= here &&
                              !masks_what_op_does_not(steps[later].value, steps[s].value, e.value)
                        : there > here;
    }
    if (later_alike || here < best_alike) continue;
    const bool direct = given_a_step_input(e);
    const bool reads_all = reads_every_input(i);
    // How far a multiple is from the step: |log |ratio||, 0 for the step itself.
    const double off = multiple ? std::abs(std::log(std::abs(*ratio))) : 0.0;
    if (here == best_alike) {
      // Of equals, a multiple of the step over an op that is none, and of multiples the nearest
      // to the step, the last of equally near ones (-sum(log p) / N for a mean over C: the
      // division, "times C/N", not the sum it divides nor the smoothing weight that multiplies
      // it later); of the others, one given an op of the step's inputs directly.
      if (best_multiple && !multiple) continue;
      if (multiple && best_multiple && off > best_off + 1e-12) continue;
      if (!multiple && !best_multiple) {
        if (best_reads_all && !reads_all) continue;
        if (best_reads_all == reads_all && best_direct && !direct) continue;
      }
    }
    best = i;
    best_alike = here;
    best_direct = direct;
    best_reads_all = reads_all;
    best_multiple = multiple;
    best_off = off;
  }
  return best;
}

/// "at [0, 1, 2] it gives 0.5 where the step is 0.25": the entry where they differ most.
std::string where_it_differs(const kt::Tensor& got, const kt::Tensor& want) {
  const kt::Tensor g = got.to(kt::Float64).contiguous(), w = want.to(kt::Float64).contiguous();
  const std::vector<double> gv = g.to_vector<double>(), wv = w.to_vector<double>();
  size_t worst = 0;
  double most = -1;
  for (size_t i = 0; i < gv.size() && i < wv.size(); ++i) {
    const double d = std::isnan(gv[i]) != std::isnan(wv[i]) ? INFINITY : std::abs(gv[i] - wv[i]);
    if (d > most) {
      most = d;
      worst = i;
    }
  }
  std::string index = "[";
  size_t rest = worst;
  const kt::Shape& shape = want.sizes();
  std::vector<int64_t> at(shape.size());
  for (size_t a = shape.size(); a-- > 0;) {
    at[a] = int64_t(rest % size_t(shape[a]));
    rest /= size_t(shape[a]);
  }
  for (size_t a = 0; a < at.size(); ++a) index += (a ? ", " : "") + std::to_string(at[a]);
  const auto [yours, step] = texts_that_differ(gv[worst], wv[worst]);
  return "at " + index + "] it gives " + yours + " where the step is " + step;
}

/// The order of want's dims that got holds (got is want.permute(order), a shape other than
/// want's), or empty: values matched as moved() does (1e-6 relative).
std::vector<int64_t> axes_order(const kt::Tensor& got, const kt::Tensor& want) {
  if (!got.defined() || !want.defined() || got.sizes() == want.sizes() || got.dim() != want.dim() ||
      got.numel() != want.numel() || got.dim() > 6)
    return {};
  std::vector<int64_t> order(size_t(want.dim()));
  for (size_t i = 0; i < order.size(); ++i) order[i] = int64_t(i);
  do {
    bool fits = true;
    for (size_t i = 0; i < order.size() && fits; ++i)
      fits = got.size(int64_t(i)) == want.size(order[i]);
    if (fits && !moved(got.contiguous(), want.permute(order).contiguous())) return order;
  } while (std::next_permutation(order.begin(), order.end()));
  return {};
}

/// "dims 1 and 2 swapped", "its dims in the order (2, 0, 1)": axes_order's order in words.
std::string order_words(const std::vector<int64_t>& order) {
  std::vector<int64_t> differ;
  for (size_t i = 0; i < order.size(); ++i)
    if (order[i] != int64_t(i)) differ.push_back(int64_t(i));
  if (differ.size() == 2)
    return "dims " + std::to_string(differ[0]) + " and " + std::to_string(differ[1]) + " swapped";
  std::string text = "its dims in the order (";
  for (size_t i = 0; i < order.size(); ++i) text += (i ? ", " : "") + std::to_string(order[i]);
  return text + ")";
}

/// The axis along which got is want in reverse order (and is not want), or -1.
int64_t reversed_along(const kt::Tensor& got, const kt::Tensor& want) {
  if (got.sizes() != want.sizes()) return -1;
  const std::vector<double> gv = got.to(kt::Float64).contiguous().to_vector<double>();
  const std::vector<double> wv = want.to(kt::Float64).contiguous().to_vector<double>();
  const kt::Shape& shape = want.sizes();
  for (size_t a = 0; a < shape.size(); ++a) {
    if (shape[a] < 2) continue;
    size_t inner = 1;
    for (size_t b = a + 1; b < shape.size(); ++b) inner *= size_t(shape[b]);
    const size_t n = size_t(shape[a]);
    bool reversed = true, same = true;
    for (size_t i = 0; i < gv.size() && reversed; ++i) {
      const int64_t k = int64_t((i / inner) % n);  // the index along axis a
      const size_t j = size_t(int64_t(i) + (int64_t(n) - 1 - 2 * k) * int64_t(inner));
      reversed = std::abs(gv[i] - wv[j]) <= 1e-9 * (1 + std::abs(wv[j]));
      same = same && std::abs(gv[i] - wv[i]) <= 1e-9 * (1 + std::abs(wv[i]));
    }
    if (reversed && !same) return int64_t(a);
  }
  return -1;
}

}  // namespace

bool same_tensor(const kt::TensorMeta& a, const kt::TensorMeta& b) {
  return a.address != 0 && a.address == b.address && a.sizes == b.sizes && a.strides == b.strides &&
         a.dtype == b.dtype;
}

std::string input_named(const kt::TensorMeta& m, const std::vector<NamedInput>& inputs,
                        const std::vector<kt::TraceEvent>& events, size_t before) {
  std::string name;
  for (const NamedInput& in : inputs) {
    if (in.after > before || !same_tensor(in.meta, m) || name == in.name) continue;
    bool remade = false;  // by an op since the name (an op that threw made nothing)
    for (size_t j = in.after; j < before && j < events.size() && !remade; ++j)
      remade = !events[j].threw && same_tensor(events[j].output, m);
    if (remade) continue;
    if (!name.empty()) return "";  // two names: neither
    name = in.name;
  }
  return name;
}

LearnerTrace trace_learner_whole(const std::function<void()>& fn, bool keep_values) {
  LearnerTrace traced;
  kt::OpTrace trace(keep_values);
  g_trace = &trace;
  g_learner_start = 0;
  try {
    fn();
  } catch (...) {
    g_trace = nullptr;
    throw;
  }
  g_trace = nullptr;
  const auto& all = trace.events();
  for (size_t i = std::min(g_learner_start, all.size()); i < all.size(); ++i) {
    const kt::TraceEvent& e = all[i];
    if (e.op.rfind("input:", 0) == 0)
      traced.inputs.push_back({e.op.substr(6), e.value, e.output, traced.events.size()});
    else
      traced.events.push_back(e);
  }
  return traced;
}

std::vector<kt::TraceEvent> trace_learner(const std::function<void()>& fn) {
  std::vector<kt::TraceEvent> events = trace_learner_whole(fn).events;
  std::erase_if(events, [](const kt::TraceEvent& e) { return e.threw; });
  return events;
}

void learner_code_starts() {
  if (g_trace != nullptr) g_learner_start = g_trace->events().size();
}

std::vector<int64_t> align_steps(const std::vector<Step>& steps,
                                 const std::vector<kt::TraceEvent>& events) {
  std::vector<std::vector<double>> traced;
  for (const auto& e : events)
    traced.push_back(e.value.defined() ? sorted_values(e.value) : std::vector<double>());
  std::vector<int64_t> at;
  for (const Step& step : steps) {
    int64_t found = find_value(traced, events, step.value, step.layout);
    if (found < 0 && step.head_axis >= 0 && step.value.dim() > step.head_axis) {
      // Head by head (and, failing that, batch entry by batch entry within each head).
      const auto covered = [&](const std::vector<kt::Tensor>& slices) {
        int64_t last = -1;
        for (const kt::Tensor& s : slices) {
          const int64_t i = find_value(traced, events, s, step.layout);
          if (i < 0) return int64_t(-1);
          last = std::max(last, i);
        }
        return last;
      };
      std::vector<kt::Tensor> heads, cells;
      for (int64_t h = 0; h < step.value.size(step.head_axis); ++h) {
        const kt::Tensor head = step.value.select(step.head_axis, h);
        heads.push_back(head);
        if (step.head_axis == 1)
          for (int64_t b = 0; b < head.size(0); ++b) cells.push_back(head.select(0, b));
      }
      found = covered(heads);
      if (found < 0 && !cells.empty()) found = covered(cells);
    }
    // A step of several inputs whose value one input's own op already had (m₁ = max(m₀, rowmax
    // s₁) equal to m₀ where every row's maximum is in the first block) is not reached by that op:
    // the other inputs did not go into it.
    if (step.from.size() >= 2)
      for (const size_t f : step.from)
        if (f < at.size() && at[f] == found) found = -1;
    at.push_back(found);
  }
  return at;
}

/// Whether step i is an ancestor of a reached step (done another way), or reached itself.
/// Each step done (reached, or done another way): reached, or an ancestor of a reached step.
static std::vector<bool> done_steps(const std::vector<Step>& steps,
                                    const std::vector<int64_t>& at) {
  std::vector<bool> done(steps.size(), false);
  for (size_t i = steps.size(); i-- > 0;) {
    if (at[i] >= 0) done[i] = true;
    if (done[i])
      for (size_t f : steps[i].from) done[f] = true;  // (inputs come before the step)
  }
  return done;
}

size_t first_diverging(const std::vector<Step>& steps, const std::vector<int64_t>& at) {
  const std::vector<bool> done = done_steps(steps, at);
  // Note [a step that may be folded]
  // A step a right computation can skip by folding it into a later one (AdamW's m_hat into the
  // step size lr / (1 - beta1^t)) is no divergence when no op makes it: the later step that uses
  // it shows whether the fold was right. Without this, code that folds m_hat and slips in the
  // denominator (eps both inside and outside the root) read "first divergence: m_hat".
  for (size_t i = 0; i < steps.size(); ++i)
    if (!done[i] && !steps[i].foldable) return i;
  return steps.size();
}

namespace {

/// "eps", "sqrt(eps)", "eps^2", "1 / lr": x read as one of the call's scalar arguments (named
/// inputs holding one number, as a kata's call names eps or lr), or "" when none fits. An
/// argument that is 0 or 1 reads nothing (its root and square are itself).
std::string argument_reading(double x, const std::vector<NamedInput>& inputs) {
  const auto near = [](double a, double b) {
    return std::abs(a - b) <= 1e-9 * std::max(std::abs(a), std::abs(b));
  };
  // The number itself first, then its root, square or reciprocal; a reading that another one
  // matches as well is none (0.1 is eps, not sqrt(lr), where lr = 0.01 and eps = 0.1; and 0.316228
  // beside eps = 0.1 and 1 - beta2 = 0.1 could be the root of either).
  std::vector<std::string> exact, derived;
  for (const NamedInput& in : inputs) {
    if (!in.value.defined() || in.value.dim() != 0) continue;
    const double v = in.value.to(kt::Float64).item();
    if (v == 0.0 || v == 1.0 || !std::isfinite(v)) continue;
    if (near(x, v)) exact.push_back(in.name);
    if (v > 0 && near(x, std::sqrt(v))) derived.push_back("sqrt(" + in.name + ")");
    if (near(x, v * v)) derived.push_back(in.name + "^2");
    if (near(x, 1.0 / v)) derived.push_back("1 / " + in.name);
  }
  if (!exact.empty()) return exact.size() == 1 ? exact.front() : "";
  return derived.size() == 1 ? derived.front() : "";
}

}  // namespace

// Note [a one_hot that broadcast]
// kt::one_hot(index) with num_classes left at -1 makes as many columns as the largest index + 1
// (Note [a width taken from the values] in where_threw.cpp, for the op that throws on it). Where
// those are fewer than the tensor it is then combined with and one column, it broadcasts in
// silence: cross_entropy's one-hot of a batch whose targets are all 0 summed -log p over every
// class, and round 53's reader found it by hand arithmetic. The first such one_hot (through its
// conversions and moves) that an op broadcasts against a wider tensor is said.
std::string one_hot_broadcast(const std::vector<kt::TraceEvent>& events) {
  for (size_t j = 0; j < events.size(); ++j) {
    const kt::TraceEvent& made = events[j];
    if (!one_hot_width_from_values(made)) continue;
    std::vector<size_t> held = {j};  // the one_hot, and what only converts or moves it
    const auto holds = [&](const kt::TensorMeta& m, size_t before) {
      const int64_t maker = maker_before(events, m, int64_t(before));
      return maker >= 0 && std::find(held.begin(), held.end(), size_t(maker)) != held.end();
    };
    for (size_t i = j + 1; i < events.size(); ++i) {
      const kt::TraceEvent& e = events[i];
      if (e.threw) continue;
      const auto from = std::find_if(e.inputs.begin(), e.inputs.end(),
                                     [&](const kt::TensorMeta& m) { return holds(m, i); });
      if (from == e.inputs.end()) continue;
      if (e.inputs.size() == 1 && (moves_only(e.op) || e.op == "to")) {
        held.push_back(i);
        continue;
      }
      const int64_t width = made.output.sizes.back();
      for (const kt::TensorMeta& other : e.inputs) {
        if (holds(other, i) || other.sizes.empty() || from->sizes.empty()) continue;
        if (from->sizes.back() == 1 && other.sizes.back() > 1) {
          return " Your #" + std::to_string(j + 1) + " one_hot(-1) made " + std::to_string(width) +
                 (width == 1 ? " column" : " columns") +
                 " (with num_classes = -1, the largest index it is given + 1: a width that "
                 "follows the values, not the number of classes), and your #" +
                 std::to_string(i + 1) + " " + call_text(e) + " broadcast it against " +
                 shape_text(other.sizes) +
                 ": pass the number of classes, kt::one_hot(index, num_classes).";
        }
      }
    }
  }
  return "";
}

namespace {

/// j with its closing notes on its last line: a one_hot that broadcast (one_hot_broadcast), and a
/// note when the ops it lists skip a number (#1, #3) for an op that only made a plain number for
/// the next one (made_for_a_number): readers wondered what #2 hid. (Other numbers left out are
/// steps of the table, masks, or past a list's end: not said.)
Journey with_closing_notes(Journey j, const std::vector<kt::TraceEvent>& events) {
  if (const std::string note = one_hot_broadcast(events); !note.empty() && !j.text.empty()) {
    if (j.text.back() == '\n') j.text.pop_back();
    j.text += note + "\n";
  }
  std::set<int64_t> shown;
  for (size_t at = j.text.find('#'); at != std::string::npos; at = j.text.find('#', at + 1)) {
    size_t end = at + 1;
    while (end < j.text.size() && std::isdigit(static_cast<unsigned char>(j.text[end]))) ++end;
    if (end > at + 1) shown.insert(std::stoll(j.text.substr(at + 1, end - at - 1)));
  }
  if (shown.size() < 2) return j;
  for (int64_t n = *shown.begin() + 1; n < *shown.rbegin(); ++n) {
    if (shown.count(n) != 0 || n < 1 || size_t(n) > events.size()) continue;
    if (!made_for_a_number(events[size_t(n - 1)])) continue;
    j.text.pop_back();  // the closing "\n"
    j.text += " (#" + std::to_string(n) +
              ", not listed, only made a plain number into a tensor for the next op.)\n";
    return j;
  }
  return j;
}

// Note [a step's input that nothing goes on to read]
// A step no op produces, though the steps it is made from are there, is often computed in another
// order: adamw's denominator taken from exp_avg_sq before its update (round 50's reader found the
// order from the op numbers alone, clarity 3). Where the op that produced an input step is read by
// no later op, or only by in-place writes (copy_ into the state) whose results no later op reads,
// that is said: the step is made from it, and nothing goes on from it. Readers are found by the
// tensors they are given (maker_before), not by what the code returns: a first try that traced
// back from the returned value claimed "nothing reads" of moe_router's top k, whose gates are one
// of three results, and of kv_cache's rotation, whose outputs the harness concatenates.
std::string unread_input(const std::vector<Step>& steps, size_t diverging,
                         const std::vector<int64_t>& at,
                         const std::vector<kt::TraceEvent>& events) {
  if (diverging >= steps.size()) return "";
  const auto n = int64_t(events.size());
  const auto reads = [&](int64_t j, int64_t i) {
    for (const kt::TensorMeta& m : events[size_t(j)].inputs)
      if (maker_before(events, m, j) == i) return true;
    return false;
  };
  for (const size_t f : steps[diverging].from) {
    const int64_t i = f < at.size() ? at[f] : -1;
    if (i < 0) continue;
    std::vector<int64_t> writes;  // the in-place writes that read it
    bool read = false;
    for (int64_t j = i + 1; j < n && !read; ++j) {
      if (!reads(j, i)) continue;
      if (!events[size_t(j)].op.ends_with("_")) {
        read = true;
        break;
      }
      for (int64_t k = j + 1; k < n && !read; ++k) read = reads(k, j);
      writes.push_back(j);
    }
    if (read) continue;
    std::string copies;
    for (const int64_t j : writes)
      copies += (copies.empty() ? "" : ", ") + std::string("#") + std::to_string(j + 1) + " " +
                call_text(events[size_t(j)]);
    return " Your #" + std::to_string(i + 1) + " " + call_text(events[size_t(i)]) + " (step " +
           std::to_string(f + 1) + ", " + steps[f].name + ") is read by no later op" +
           (copies.empty() ? "" : " but " + copies + ", whose result nothing reads") +
           ", though step " + std::to_string(diverging + 1) +
           " is made from it: what your code computes in its place is made from other values.";
  }
  return "";
}

/// The axes a reduction of a tensor of sizes `in` to sizes `out` may have taken: those whose
/// size made 1 (keepdim) or left out gives `out`; none when no one axis does.
std::vector<size_t> reduced_axes(const kt::Shape& in, const kt::Shape& out) {
  std::vector<size_t> axes;
  for (size_t a = 0; a < in.size(); ++a) {
    if (in[a] == 1) continue;
    kt::Shape kept = in, dropped = in;
    kept[a] = 1;
    dropped.erase(dropped.begin() + std::ptrdiff_t(a));
    if (out == kept || out == dropped) axes.push_back(a);
  }
  return axes;
}

// Note [a reduction over another axis]
// A step no op produces is often a reduction the code takes over another axis: softmax's maximum
// along dim -2 taken along the last axis. The table says "none" and the op list shows
// "amax(2, keepdim) of x -> [2, 3, 1]" beside a step of [2, 1, 4], and round 52's reader had to
// see for themselves that the axis was the difference. A listed reduction given what the step is
// made from (a call's input for a first step, else the op that reached one of its steps), whose
// result is that input with another axis taken than the step's, is said to be so. The code's
// intent is not known (another reduction may be meant for another purpose), so the sentence says
// what follows if it is meant as the step.
std::string reduced_elsewhere(const std::vector<Step>& steps, size_t diverging,
                              const std::vector<int64_t>& at,
                              const std::vector<kt::TraceEvent>& events,
                              const std::vector<NamedInput>& inputs,
                              const std::vector<int64_t>& listed) {
  static const std::set<std::string> reductions = {"sum", "mean",   "amax",   "amin",      "max",
                                                   "min", "argmax", "argmin", "logsumexp", "var",
                                                   "std", "norm",   "prod",   "any",       "all"};
  const Step& step = steps[diverging];
  for (const int64_t j : listed) {
    const kt::TraceEvent& e = events[size_t(j)];
    if (e.inputs.empty() || reductions.count(e.op) == 0) continue;
    const kt::TensorMeta& given = e.inputs[0];
    const bool from_the_steps_input =
        step.from.empty() ? !input_named(given, inputs, events, size_t(j)).empty()
                          : std::any_of(step.from.begin(), step.from.end(), [&](size_t f) {
                              return at[f] >= 0 && maker_before(events, given, j) == at[f];
                            });
    if (!from_the_steps_input) continue;
    const std::vector<size_t> want = reduced_axes(given.sizes, step.value.sizes());
    const std::vector<size_t> got = reduced_axes(given.sizes, e.output.sizes);
    if (want.size() != 1 || got.size() != 1 || want[0] == got[0]) continue;
    const int64_t rank = int64_t(given.sizes.size());
    return " Your #" + std::to_string(j + 1) + " " + call_text(e) + " reduces axis " +
           std::to_string(got[0]) + " of its " + shape_text(given.sizes) + " input, where step " +
           std::to_string(diverging + 1) + " reduces axis " + std::to_string(want[0]) + " (" +
           std::to_string(int64_t(want[0]) - rank) +
           " from the end): if it is meant as that step, its axis is the mistake.";
  }
  return "";
}

}  // namespace

Journey journey_text(const std::vector<Step>& steps,
                     const std::vector<kt::TraceEvent>& traced_events, const kt::Tensor& returned,
                     const std::vector<NamedInput>& inputs, bool threw) {
  // The op that threw, when the trace ends with it: named after the ops before it, and no op of
  // the alignment (it has no result).
  std::vector<kt::TraceEvent> events = traced_events;
  std::string thrower;
  if (!events.empty() && events.back().threw) {
    thrower = "#" + std::to_string(events.size()) + " " + call_text(events.back());
  }
  std::erase_if(events, [](const kt::TraceEvent& e) { return e.threw; });
  // Two steps with the same numbers (a case of one token: weights @ v is v) may pair with ops by
  // chance (Journey::steps_alike).
  bool steps_alike = false;
  for (size_t a = 0; a < steps.size() && !steps_alike; ++a)
    for (size_t b = a + 1; b < steps.size() && !steps_alike; ++b)
      steps_alike = steps[a].value.sizes() == steps[b].value.sizes() &&
                    steps[a].value.dtype() != kt::Bool && steps[b].value.dtype() != kt::Bool &&
                    steps[a].value.numel() > 0 &&
                    kt::allclose(steps[a].value.to(kt::Float64), steps[b].value.to(kt::Float64),
                                 1e-12, 1e-15);
  std::vector<int64_t> at = align_steps(steps, events);
  // Note [a step reached in other places]
  // Steps are reached by their values in any layout (a learner may keep heads as (B, T, H, d) and
  // still be right), so a step whose numbers sit in other places (query heads in another order:
  // each head's scores are right, for the wrong head) counts as reached, and the values first
  // differ later, where a mask or a merge meets the wrong places. When no step after it is reached
  // in place, the layout went wrong there or before: that step is the divergence, the steps done
  // another way before it are named first, and the ops that are no step before it are listed. A
  // step reached in other places with a later one reached in place was a harmless layout. Before
  // it, a step whose order is the point (Step::layout: heads split, a cache after the append) that
  // no op reached but one of its shape holds in other places is where the layout went wrong (keys
  // appended before the cache instead of after it give scores with their columns in other
  // places: the cache is the divergence, not the scores).
  size_t moved_at = steps.size();
  for (size_t i = steps.size(); i-- > 0;) {
    if (at[i] < 0) continue;
    const kt::TraceEvent& e = events[size_t(at[i])];
    const bool in_other_places = e.value.defined() && e.output.sizes == steps[i].value.sizes() &&
                                 moved(e.value, steps[i].value);
    if (!in_other_places) break;  // reached in place: what came before it was laid out right
    moved_at = i;
  }
  size_t diverging = first_diverging(steps, at);
  // Note [a layout step of code laid out its own way]
  // A step that only moves values (kv heads repeated per group) is not made by code that lays its
  // tensors out its own way: gqa's query heads folded into the rows, (B, KV, G·T, d), read the kv
  // heads as they are. Such code reaches the later steps in its own layout (the scores "laid out
  // another way"), and where its mistake is after them (the causal mask built for G·T rows), the
  // first step none of its ops makes is the repeat of v, which it never needed: round 52's reader
  // fixed the mask from the attention map, against the journey. So a layout step no op makes is
  // passed over when a later step is reached in another shape; the divergence is the next step no
  // op makes. (A repeat done wrong, tiled, is not passed over: the steps after it are reached in
  // their own shape, or not at all.)
  const std::vector<bool> done_first = done_steps(steps, at);
  while (diverging < steps.size() && steps[diverging].layout && at[diverging] < 0) {
    bool later_in_another_shape = false;
    for (size_t j = diverging + 1; j < steps.size(); ++j)
      if (at[j] >= 0 && events[size_t(at[j])].output.sizes != steps[j].value.sizes())
        later_in_another_shape = true;
    if (!later_in_another_shape) break;
    size_t next = diverging + 1;
    while (next < steps.size() && done_first[next]) ++next;
    if (next >= steps.size()) break;
    diverging = next;
  }
  // (Not before a throw: the steps after a harmless layout may be missing only because the code
  // threw before them.)
  // (Only an input of a later step reached in other places: an op that holds a step's numbers in
  // a layout of its own on the way, v as (B, T, H, d) before its transpose, is otherwise no
  // evidence.)
  std::vector<bool> feeds_moved(steps.size(), false);
  if (moved_at < steps.size()) {
    feeds_moved[moved_at] = true;
    for (size_t i = moved_at + 1; i-- > 0;)
      if (feeds_moved[i])
        for (const size_t f : steps[i].from) feeds_moved[f] = true;
  }
  bool layout_step_moved = false;
  for (size_t st = 0;
       !threw && st <= std::min(diverging, moved_at) && st < steps.size() && !layout_step_moved;
       ++st) {
    // (Or the diverging step itself, when an op holds its numbers in its shape in other places:
    // the k heads tiled with cat where each is repeated in place.)
    if (at[st] >= 0 || !steps[st].layout || (!feeds_moved[st] && st != diverging) || st == moved_at)
      continue;
    const std::vector<double> wanted = sorted_values(steps[st].value);
    // The diverging step's own: only an op after its inputs that is no step (the input of a
    // permutation holds its numbers too).
    size_t start = 0;
    if (!feeds_moved[st])
      for (const size_t f : steps[st].from) start = std::max(start, size_t(at[f] + 1));
    for (size_t i = start; i < events.size(); ++i) {
      const kt::TraceEvent& e = events[i];
      if (!e.value.defined() || e.output.sizes != steps[st].value.sizes() ||
          !same_values(sorted_values(e.value), wanted))
        continue;
      if (!feeds_moved[st] && std::find(at.begin(), at.end(), int64_t(i)) != at.end()) continue;
      at[st] = int64_t(i);
      diverging = st;
      layout_step_moved = true;
      break;
    }
  }
  if (threw && diverging < steps.size()) {
    // Code that threw stopped where it was: the step it was on is one whose inputs it had made
    // (k split into heads after k = k_proj(x)), not the next in the list's order (v = v_proj(x),
    // which it never came to). The first such step not done; else the first not done.
    const std::vector<bool> done_now = done_steps(steps, at);  // (at has changed since above)
    for (size_t i = 0; i < steps.size(); ++i) {
      const auto& from = steps[i].from;
      if (done_now[i] || from.empty()) continue;
      if (std::all_of(from.begin(), from.end(), [&](size_t f) { return done_now[f]; })) {
        diverging = i;
        break;
      }
    }
  }
  const bool diverges_by_layout = layout_step_moved || (!threw && moved_at < diverging);
  if (diverges_by_layout && !layout_step_moved) diverging = moved_at;
  if (threw && diverging == steps.size()) return {};  // every step before the throw
  const bool returns_other =
      !threw && !diverges_by_layout && diverging == steps.size() && !steps.empty() &&
      !(returned.defined() && returned.sizes() == steps.back().value.sizes() &&
        kt::allclose(returned.to(kt::Float64), steps.back().value.to(kt::Float64), 1e-9, 1e-12));
  if (diverging == steps.size() && !returns_other) return {};
  // What the journey names: the diverging step, or the last one when the code returns another.
  std::string step =
      returns_other ? "what is returned after step " + std::to_string(steps.size())
                    : "step " + std::to_string(diverging + 1) + " (" + steps[diverging].name + ")";
  // The last event a step before the divergence reached: the learner's ops from there on.
  int64_t after = 0;
  for (size_t i = 0; i < diverging; ++i)
    if (at[i] >= 0) after = std::max(after, at[i] + 1);
  const int64_t differently =
      returns_other || diverges_by_layout
          ? -1
          : computes_differently(events, after, steps, diverging, at, inputs);
  // "#1 slice(-2, 0, 3, 1) of k -> ...": an op given one of the call's inputs names it; "#9
  // transpose(-2, -1) of v -> ...": so does one that only moves an input's numbers.
  // The op before `before` that made the tensor m (its last maker, where memory was reused), or
  // -1; and the step (1-based) an op reached, or 0.
  const auto maker_of = [&](const kt::TensorMeta& m, int64_t before) {
    return maker_before(events, m, before);
  };
  const auto step_of = [&](int64_t j) {
    const auto reached = std::find(at.begin(), at.end(), j);
    return reached == at.end() ? int64_t{0} : int64_t(reached - at.begin() + 1);
  };
  // The ops that the ops `of` are given, and those given to them, back to a step, that are no
  // step nor a number made for an op, made after `floor` and before `ceiling`; with the ops among
  // those that read a step's result (Note [the ops between the steps and a differing op]).
  struct Ancestry {
    std::vector<int64_t> ops, reading_a_step;
  };
  const auto no_step_ancestry = [&](const std::vector<int64_t>& of, int64_t floor,
                                    int64_t ceiling) {
    Ancestry a;
    std::vector<int64_t> todo = of;
    std::vector<bool> seen(events.size(), false);
    while (!todo.empty()) {
      const int64_t i = todo.back();
      todo.pop_back();
      for (const kt::TensorMeta& m : events[size_t(i)].inputs) {
        if (!input_named(m, inputs, events, size_t(i)).empty()) continue;
        const int64_t j = maker_of(m, i);
        if (j <= floor || j >= ceiling || seen[size_t(j)]) continue;
        seen[size_t(j)] = true;
        if (made_for_a_number(events[size_t(j)])) continue;
        if (step_of(j) > 0) {
          if (std::find(of.begin(), of.end(), i) == of.end()) a.reading_a_step.push_back(i);
          continue;
        }
        a.ops.push_back(j);
        todo.push_back(j);
      }
    }
    std::sort(a.ops.begin(), a.ops.end());
    return a;
  };
  const auto op_of = [&](int64_t i) {
    const kt::TraceEvent& e = events[size_t(i)];
    std::string shown = std::string("#") + std::to_string(i + 1) + " " + op_text(e);
    // Each input as its name, else as the op that made it ("#1"), else by its shape.
    std::vector<std::string> given;
    bool named = false;
    for (const kt::TensorMeta& m : e.inputs) {
      std::string name = input_named(m, inputs, events, size_t(i));
      named = named || !name.empty();
      if (const int64_t j = name.empty() ? maker_of(m, i) : -1; j >= 0) {
        const kt::TraceEvent& maker = events[size_t(j)];
        if (made_for_a_number(maker) && maker.value.defined()) {
          // A plain number (x / 2.0 makes a tensor of 2 first): shown as the number.
          char number[32];
          const double x = maker.value.to(kt::Float64).item();
          std::snprintf(number, sizeof number, "%.6g", x);
          // "the number 1", not "1": round 52's reader took "mul of #11 and 1" for op #1.
          name = "the number ";
          name += number;
          // 0.707107 (= sqrt(eps)): a number read as the call's own scalar argument, its root,
          // square or reciprocal, before any size; 2.44949 (= sqrt(6)): a scale read as the
          // size it is the root of.
          if (const std::string argument = argument_reading(x, inputs); !argument.empty())
            name += " (= " + argument + ")";
          else if (const std::string root = report::ratio_reading(x);
                   root.find("sqrt") != std::string::npos || root.find("ln ") != std::string::npos)
            name += " (= " + root + ")";
        } else {
          name = '#';  // (piecewise: GCC 12's -Wstringop-overflow misfires on "#" + std::string)
          name += std::to_string(j + 1);
          // A step of the table, said as one ("#5 (step 1)"): a step given where another belongs
          // (P where dS belongs) shows. A call's input only moved (k reshaped, a mask
          // unsqueezed): said where it is given, "#1 (reshape(2, 2, 4) of k)", often the slip.
          if (const int64_t reached = step_of(j); reached > 0) {
            name += " (step ";
            name += std::to_string(reached);
            name += ')';
          } else if (moves_only(maker.op) && maker.inputs.size() == 1 &&
                     !records_first_only(maker.op)) {
            const std::string moved = input_named(maker.inputs[0], inputs, events, size_t(j));
            if (!moved.empty()) {
              name += " (";
              name += call_text(maker);
              name += " of ";
              name += moved;
              name += ')';
            }
          }
        }
      }
      given.push_back(name.empty() ? "a " + shape_text(m.sizes) + " tensor" : name);
    }
    // kt records a cat's or a stack's first tensor only: "of" it would leave the others out.
    if (records_first_only(e.op)) return shown;
    // Inputs all named or made by earlier ops ("transpose(-2, -1) of #8"): each one said, so a
    // chain of ops can be followed back; one that is neither leaves them unsaid.
    const bool all_known = std::none_of(given.begin(), given.end(),
                                        [](const std::string& g) { return g.rfind("a ", 0) == 0; });
    if ((named || (all_known && !given.empty())) && e.inputs.size() <= 4) {
      // An in-place copy says which it writes ("#15 copy_ of #10 (step 6) and #14 (step 10)"
      // left round 51's reader to guess that x's first half was overwritten).
      const std::string of =
          e.op == "copy_" && given.size() == 2 ? given[1] + " into " + given[0] : and_list(given);
      const size_t arrow = shown.find(" -> ");
      return shown.substr(0, arrow) + " of " + of + shown.substr(arrow);
    }
    if (!moves_only(e.op) || !e.value.defined()) return shown;
    std::string of;
    for (const NamedInput& in : inputs)
      if (in.value.defined() && in.value.numel() == e.value.numel() &&
          same_values(sorted_values(in.value), sorted_values(e.value)))
        of = of.empty() ? in.name : "?";  // two inputs alike: name neither
    if (of.empty() || of == "?") return shown;
    const size_t arrow = shown.find(" -> ");
    return shown.substr(0, arrow) + " of " + of + shown.substr(arrow);
  };
  // Note [what a multiple goes on to]
  // A step computed as a multiple of itself is often put right by a later op with a number, or
  // nearly: a mean computed as a sum, then divided by D - 1 after a multiplication by x̂ (layer
  // norm's backward). The journey compares the sum, "the step times 5", and stopped there: the
  // reader, told the sum is the mistake, took the mean and kept the division. The first three ops
  // made from the multiple (directly or through each other, no step among them) are listed when one
  // of them is given a plain number, so the "div of #14 and 4" that was meant to make the mean is
  // read beside the "times 5", and the first division (or multiplication) by a number says whether
  // it undoes the multiple: "#16 divides by 4, where undoing the times 5 takes 5". Where it does
  // (eps added to the sum before the division by D), the multiple is the learner's way to the step,
  // and the sentence that blamed "that op or what it is given" says instead that the mistake is in
  // what the code does with it before that division (readers took the sum for the mistake, round
  // 45). Where no op with a number follows, nothing is added.
  struct Onward {
    std::string listed;      // "#14 mul of ..., #16 div of #14 and 4 -> [2, 3, 5]"; "" for none
    int64_t undone_at = -1;  // the op that divides the multiple back out, or -1
    std::string before;      // the ops made from the multiple before that one, listed
    std::string scaled;      // "#16 divides by 4, where undoing the times 5 takes 5", or ""
  };
  const auto goes_on_to = [&](int64_t of, double ratio) {
    std::set<int64_t> made = {of};
    std::vector<int64_t> onward;
    bool with_number = false;
    // The first op that divides what it is given of these by a number (or multiplies it by one),
    // and the factor it divides by.
    int64_t scaling = -1;
    double by = 0.0;
    for (int64_t j = of + 1; j < int64_t(events.size()) && onward.size() < 3; ++j) {
      const kt::TraceEvent& e = events[size_t(j)];
      if (made_for_a_number(e) || step_of(j) > 0) continue;
      bool from_it = false, number = false;
      double value = 0.0;
      for (const kt::TensorMeta& m : e.inputs) {
        const int64_t k = maker_of(m, j);
        from_it = from_it || made.count(k) != 0;
        if (k >= 0 && made_for_a_number(events[size_t(k)]) && events[size_t(k)].value.defined()) {
          number = true;
          value = events[size_t(k)].value.to(kt::Float64).item();
        }
      }
      if (!from_it) continue;
      made.insert(j);
      onward.push_back(j);
      with_number = with_number || number;
      if (number && scaling < 0 && e.inputs.size() == 2 && (e.op == "div" || e.op == "mul") &&
          value != 0.0 && std::isfinite(value)) {
        scaling = j;
        by = e.op == "div" ? value : 1.0 / value;
      }
    }
    Onward out;
    if (!with_number) return out;
    for (const int64_t j : onward) out.listed += (out.listed.empty() ? "" : ", ") + op_of(j);
    if (scaling < 0) return out;
    char factor[32], wanted[32];
    std::snprintf(factor, sizeof factor, "%.6g", by);
    std::snprintf(wanted, sizeof wanted, "%.6g", ratio);
    if (std::abs(by - ratio) <= 1e-9 * std::abs(ratio)) {
      out.undone_at = scaling;
      for (const int64_t j : onward)
        if (j < scaling) out.before += (out.before.empty() ? "" : ", ") + op_of(j);
    } else
      out.scaled = "#" + std::to_string(scaling + 1) + " divides by " + factor +
                   ", where undoing the times " + wanted + " takes " + wanted;
    return out;
  };
  // Note [what a multiple goes on to]
  Onward onward;
  if (differently >= 0)
    if (const auto ratio = multiple_of(events[size_t(differently)].value, steps[diverging].value))
      onward = goes_on_to(differently, *ratio);
  // Undone later, the multiple is the code's way to its step: the first divergence is the next
  // step no op reaches (mean + eps, where eps went in before the division by D).
  size_t marked = diverging;
  if (onward.undone_at >= 0)
    for (size_t i = diverging + 1; i < steps.size(); ++i)
      if (at[i] < 0) {
        marked = i;
        step = "step " + std::to_string(i + 1) + " (" + steps[i].name + ")";
        break;
      }
  size_t width = 0;
  for (const Step& s : steps) width = std::max(width, s.name.size());
  width = std::min<size_t>(width + 2, 42);
  std::string text =
      pad("    expected step", width + 4) + pad("shape", 14) + "your op that computed it\n";
  // Note [a step after the first divergence]
  // A step computed from the first divergence (through its `from`) cannot be reached by value: its
  // inputs differ already. "none" there read as "your code never does this step" (layer_norm's
  // bias added before the statistics showed "none" on steps 2-9, round 49); such a row says which
  // step it follows from instead. A step that does not follow from it keeps "none".
  std::vector<bool> follows(steps.size(), false);
  if (marked < steps.size()) follows[marked] = true;
  for (size_t i = marked + 1; i < steps.size(); ++i)
    follows[i] = std::any_of(steps[i].from.begin(), steps[i].from.end(),
                             [&](size_t f) { return f < i && follows[f]; });
  for (size_t i = 0; i < steps.size(); ++i) {
    char number[24];
    std::snprintf(number, sizeof number, "%2zu. ", i + 1);
    std::string line =
        number + pad(steps[i].name, width) + pad(shape_text(steps[i].value.sizes()), 14);
    if (at[i] >= 0) {
      const kt::TraceEvent& e = events[size_t(at[i])];
      line += std::string("#") + std::to_string(at[i] + 1) + " " + op_text(e);
      if (e.output.sizes != steps[i].value.sizes()) {
        const std::vector<int64_t> order =
            e.value.defined() ? axes_order(e.value, steps[i].value) : std::vector<int64_t>();
        line += e.output.sizes.size() < steps[i].value.sizes().size() && steps[i].head_axis >= 0
                    ? " (one head at a time)"
                : !order.empty() ? " (the step with " + order_words(order) + ")"
                                 : " (the same values, laid out another way)";
      } else if (e.value.defined() && moved(e.value, steps[i].value)) {
        // Reached by its values in any order (a layout done another way), but in this shape
        // they sit elsewhere: heads in another order, rows swapped.
        line += " (the same values, in other places)";
        if (diverges_by_layout && i == diverging) line += "  <- first divergence";
      }
    } else if (i == diverging && differently >= 0) {
      // (Appended piece by piece, as above: GCC 12's -Wstringop-overflow misfires on the chain.)
      line += op_of(differently);
      if (marked != diverging) {
        line += ", other values (#";
        line += std::to_string(onward.undone_at + 1);
        line += " divides them back)";
      } else {
        line += ", other values  <- first divergence";
      }
    } else if (i == marked && marked != diverging) {
      line += "none  <- first divergence";
    } else if (i == diverging && !returns_other) {
      line += "none  <- first divergence";
    } else if (i > marked && marked < steps.size() && follows[i]) {
      line += "- (follows from step ";
      line += std::to_string(marked + 1);
      line += ")";
    } else {
      line += i < diverging ? "none (done another way)" : "none";
    }
    text += line + "\n";
  }
  // What the learner's code did instead: its ops after the last step reached before it.
  // From the ops that made the diverging step's inputs, when they are all reached (k split into
  // heads right after k = k_proj(x), though v = v_proj(x) came later), leaving out the ops that
  // are other steps: the ops that should have made it, and what they made instead.
  int64_t list_from = after;
  bool skip_steps = false;
  if (diverging < steps.size() && !steps[diverging].from.empty() &&
      std::all_of(steps[diverging].from.begin(), steps[diverging].from.end(),
                  [&](size_t f) { return at[f] >= 0; })) {
    list_from = 0;
    for (const size_t f : steps[diverging].from) list_from = std::max(list_from, at[f] + 1);
    skip_steps = list_from < after;
  }
  // Skipping the steps reached, also the ops that only made their inputs (moe_router's argmax
  // loop, which made the top k, listed before the ops that made P_e hid them as "16 more"):
  // Note [the ops between the steps and a differing op].
  std::set<int64_t> made_steps;
  if (skip_steps) {
    std::vector<int64_t> reached_since;
    for (const int64_t a : at)
      if (a >= list_from) reached_since.push_back(a);
    const std::vector<int64_t> feeding =
        no_step_ancestry(reached_since, list_from - 1, int64_t(events.size())).ops;
    made_steps.insert(feeding.begin(), feeding.end());
  }
  std::vector<int64_t> from_there;
  int64_t for_steps = 0;
  for (int64_t i = list_from; i < int64_t(events.size()); ++i) {
    // A scalar made for an op with a number is no op of the learner's; a whole-tensor reduction
    // (a sum with no dim where a row sum belongs) is, and often the mistake.
    if (made_for_a_number(events[size_t(i)])) continue;
    if (skip_steps && std::find(at.begin(), at.end(), i) != at.end()) continue;
    if (made_steps.count(i) != 0) {
      ++for_steps;
      continue;
    }
    from_there.push_back(i);
  }
  // What those ops are given that earlier ops made and no step is (f_e computed before P_e, then
  // multiplied by it: the ops that made f_e come before the last step reached), listed first, in
  // order: the step done another way is often there. Their own such inputs too, up to a step.
  bool given_earlier = false;
  // Only back to the step reached before the last one before them (f_e made between the gates
  // and P_e): ops further back (a block's slices of q, long before) are the steps' business.
  int64_t floor = -1;
  {
    std::vector<int64_t> reached_before;
    for (const int64_t a : at)
      if (a >= 0 && a < list_from) reached_before.push_back(a);
    std::sort(reached_before.begin(), reached_before.end());
    if (reached_before.size() >= 2) floor = reached_before[reached_before.size() - 2];
  }
  if (!skip_steps) {
    const std::vector<int64_t> earlier = no_step_ancestry(from_there, floor, list_from).ops;
    from_there.insert(from_there.begin(), earlier.begin(), earlier.end());
    given_earlier = !earlier.empty();
  }
  // Skipping the steps reached since, the list starts before some of them: it says so.
  const std::string ops_from_there =
      given_earlier ? " Your ops from there, after the earlier ones they are given: "
      : skip_steps  ? " Your ops after the steps it is made from (other steps reached left out): "
                    : " Your ops from there: ";
  // Six ops at most: the first three and the last three, which made what the code returned (a
  // residual halved again at the end) or what the op that threw was given (a key block sliced at
  // the query block's rows).
  std::string next;
  const size_t first = from_there.size() > 6 ? 3 : 6;
  for (size_t n = 0; n < from_there.size() && n < first; ++n)
    next += (next.empty() ? "" : ", ") + op_of(from_there[n]);
  if (from_there.size() > 6) {
    const size_t last = first == 3 ? 3 : 0, more = from_there.size() - first - last;
    next += ", and " + std::to_string(more) + " more";
    // Where the numbers hidden span more ops than that (ops that only made a plain number, or
    // only made steps, are not listed), the span is said: "18 more" between #3 and #27 read as a
    // miscount of 23.
    const auto hidden = std::minmax_element(from_there.begin() + std::ptrdiff_t(first),
                                            from_there.end() - std::ptrdiff_t(last));
    if (size_t(*hidden.second - *hidden.first + 1) != more)
      next += " (among #" + std::to_string(*hidden.first + 1) + " to #" +
              std::to_string(*hidden.second + 1) + ")";
    for (size_t n = from_there.size() - last; n < from_there.size(); ++n)
      next += (n + last == from_there.size() ? ", then " : ", ") + op_of(from_there[n]);
  }
  // Note [an op the list refers to but does not show]
  // A listed op given an op that is no step and not listed (made before the list, or among its
  // "N more"; "#24 div of #11 (step 5) and #16") left #16 to be guessed: round 50's reader of
  // adamw's denominator taken before the second moment's update found from the op numbers alone
  // that #16 was made from the old exp_avg_sq (clarity 3). Such an op is shown, with the ops it is
  // made from back to a step or the call's inputs, the four nearest it: "#16, not listed, and what
  // it is made from: #14 div of #13 and 0.05 -> [2, 3], #15 sqrt of #14 -> [2, 3], #16 add of #15
  // and 0.03 (= eps) -> [2, 3]".
  // An op whose result equals a step's (masked_fill with nothing masked, a copy of a step into
  // the param): that step again, not said as an op of its own.
  const auto a_step_again = [&](const kt::TraceEvent& e) {
    return e.value.defined() && std::any_of(steps.begin(), steps.end(), [&](const Step& st) {
             return st.value.sizes() == e.value.sizes() &&
                    same_values(values_of(e.value), values_of(st.value));
           });
  };
  std::vector<int64_t> listed_ops;
  for (size_t n = 0; n < from_there.size(); ++n)
    if (n < first || n + (first == 3 ? 3 : 0) >= from_there.size())
      listed_ops.push_back(from_there[n]);
  const auto is_listed = [&](int64_t j) {
    return std::find(listed_ops.begin(), listed_ops.end(), j) != listed_ops.end();
  };
  const auto not_listed = [&]() -> std::string {
    std::vector<int64_t> roots;
    for (const int64_t i : listed_ops) {
      if (records_first_only(events[size_t(i)].op)) continue;
      for (const kt::TensorMeta& m : events[size_t(i)].inputs) {
        if (!input_named(m, inputs, events, size_t(i)).empty()) continue;
        const int64_t j = maker_of(m, i);
        if (j < 0 || step_of(j) > 0 || made_for_a_number(events[size_t(j)])) continue;
        if (is_listed(j) || a_step_again(events[size_t(j)])) continue;
        if (std::find(roots.begin(), roots.end(), j) == roots.end()) roots.push_back(j);
      }
    }
    if (roots.empty() || roots.size() > 2) return "";
    // The four nearest each one (round 53: "#2 and #23, not listed" showed #23's four alone).
    std::vector<int64_t> chain;
    for (const int64_t r : roots) {
      std::vector<int64_t> own = no_step_ancestry({r}, -1, int64_t(events.size())).ops;
      own.push_back(r);
      std::erase_if(own, is_listed);
      std::sort(own.begin(), own.end());
      own.erase(std::unique(own.begin(), own.end()), own.end());
      if (own.size() > 4) own.erase(own.begin(), own.end() - 4);
      chain.insert(chain.end(), own.begin(), own.end());
    }
    std::sort(chain.begin(), chain.end());
    chain.erase(std::unique(chain.begin(), chain.end()), chain.end());
    std::string shown;
    for (const int64_t j : chain) shown += (shown.empty() ? "" : ", ") + op_of(j);
    std::string named;
    for (size_t n = 0; n < roots.size(); ++n) {
      named += n == 0 ? "#" : " and #";
      named += std::to_string(roots[n] + 1);
    }
    return " " + named + ", not listed, and what " + (roots.size() == 1 ? "it is" : "they are") +
           " made from: " + shown + ".";
  };
  // " It is given #5 (step 1) and #21 add of x and bias -> [3, 5] (no step)." for an op given
  // what earlier ops made: which of them are steps of the table, so a wrong input (the weights
  // where dS belongs, a matmul with an untransposed weight before the bias) shows; "" when it is
  // given only inputs of the call. With `whole`, an input no step is, is shown whole, op and all
  // (where it is the only op between the steps and this one: at the end of that list, "#1 add of
  // x and bias" was found last, round 48); the ops so shown go in `shown_whole`.
  std::vector<int64_t> shown_whole;
  const auto given_text = [&](int64_t i, bool whole) -> std::string {
    const kt::TraceEvent& e = events[size_t(i)];
    if (records_first_only(e.op) || e.inputs.empty() || e.inputs.size() > 4) return "";
    std::vector<std::string> given;
    bool any_op = false;
    for (const kt::TensorMeta& m : e.inputs) {
      std::string name = input_named(m, inputs, events, size_t(i));
      const int64_t j = name.empty() ? maker_of(m, i) : -1;
      if (j >= 0 && !made_for_a_number(events[size_t(j)])) {  // (a number: not said)
        const int64_t reached = step_of(j);
        if (reached == 0 && whole) {
          name = op_of(j) + " (no step)";
          shown_whole.push_back(j);
        } else {
          name = '#';  // (piecewise: GCC 12's -Wstringop-overflow misfires on "#" + std::string)
          name += std::to_string(j + 1);
          name +=
              reached == 0 ? std::string(" (no step)") : " (step " + std::to_string(reached) + ")";
        }
        any_op = true;
      }
      if (!name.empty()) given.push_back(name);
    }
    if (!any_op) return "";
    return " It is given " + and_list(given) + ".";
  };
  // The ops before `limit` whose results no step is (not a step again); masks included, since a
  // mask's ops are what a masking step is given (tril(ones, T_q - T_k) where T_k - T_q belongs).
  const auto no_step_before = [&](int64_t limit) {
    std::vector<int64_t> kept;
    for (int64_t i = 0; i < limit; ++i) {
      const kt::TraceEvent& e = events[size_t(i)];
      if (made_for_a_number(e)) continue;
      if (std::find(at.begin(), at.end(), i) != at.end()) continue;
      if (a_step_again(e)) continue;
      kept.push_back(i);
    }
    // The six nearest it: what the op was given is made there (merged heads times a weight
    // before the bias is added), not among the first ops of the call.
    const size_t shown_from = kept.size() > 6 ? kept.size() - 6 : 0;
    std::string unused = shown_from > 0 ? std::to_string(shown_from) + " earlier, then " : "";
    for (size_t n = shown_from; n < kept.size(); ++n)
      unused += (n == shown_from ? "" : ", ") + op_of(kept[n]);
    return unused;
  };
  // Note [the ops between the steps and a differing op]
  // An op that computes a step differently is often right itself, given a tensor one of the
  // learner's earlier ops got wrong: a log-probability divided by ln 2 before the gather
  // (cross_entropy), a weight added before the statistics. Those ops are its ancestors that are no
  // step, made from the steps reached and the call's inputs; the ones that read a step's result
  // are where the learner's way left the steps, and are kept when the list is cut to six. An op
  // whose inputs the trace does not hold has no known ancestors: the ops that are no step nearest
  // it are listed instead (no_step_before). The ops listed from a step no op reaches leave out
  // those that only made what steps reached after it were given (moe_router's argmax loop, which
  // made the top k for the gather: listed first, it hid the ops that made P_e as "16 more").
  const auto no_step_ancestors = [&](const Ancestry& a) {
    const std::vector<int64_t>& found = a.ops;
    const std::vector<int64_t>& reads_step = a.reading_a_step;
    std::vector<bool> keep(found.size(), found.size() <= 6);
    if (found.size() > 6) {
      size_t kept = 0;
      for (size_t n = 0; n < found.size() && kept < 3; ++n)
        if (std::find(reads_step.begin(), reads_step.end(), found[n]) != reads_step.end())
          keep[n] = true, ++kept;
      for (size_t n = found.size(); n-- > 0 && kept < 6;)
        if (!keep[n]) keep[n] = true, ++kept;
    }
    std::string listed;
    bool skipped = false;
    for (size_t n = 0; n < found.size(); ++n) {
      if (!keep[n]) {
        skipped = true;
        continue;
      }
      listed += listed.empty() ? "" : ", ";
      if (skipped) listed += "..., ";
      skipped = false;
      listed += op_of(found[n]);
    }
    return listed;
  };
  if (diverges_by_layout) {
    // The step's numbers, in other places: the op that made them put them there, or what it was
    // given was laid out another way (a step done another way before it is the first suspect).
    const kt::TraceEvent& e = events[size_t(at[diverging])];
    text += "Your op #" + std::to_string(at[diverging] + 1) + " " + op_text(e) +
            " has the numbers of step " + std::to_string(diverging + 1) + " (" +
            steps[diverging].name +
            "), but in other places: " + where_it_differs(e.value, steps[diverging].value);
    const int64_t reversed = reversed_along(e.value, steps[diverging].value);
    if (reversed >= 0)
      text += e.value.dim() == 1
                  ? ": the step in reverse order"
                  : ": the step in reverse order along dim " + std::to_string(reversed);
    text += ".";
    if (diverging + 1 == steps.size() && returned.defined() &&
        returned.sizes() == e.value.sizes() &&
        kt::allclose(returned.to(kt::Float64), e.value.to(kt::Float64), 1e-12, 0.0))
      text += " Your code returns it as it is.";
    std::vector<std::string> another;
    for (size_t i = 0; i < diverging; ++i)
      if (at[i] < 0) another.push_back(std::to_string(i + 1) + " (" + steps[i].name + ")");
    if (!another.empty()) {
      text += std::string(another.size() == 1 ? " Step " : " Steps ") + and_list(another);
      text += another.size() == 1 ? " is" : " are";
      text +=
          " done another way before it: look there first, then at how that op puts its "
          "numbers together.";
    } else {
      text += reversed >= 0 ? " The mistake is in the order that op puts them in."
              : e.value.dim() < 2
                  ? " The mistake is in how that op puts them together (the order of its "
                    "inputs)."
                  : " The mistake is in how that op puts them together (the order of its "
                    "inputs, or an axis).";
    }
    const std::string unused = no_step_before(at[diverging]);
    if (!unused.empty()) text += " Your ops before it whose results are no step: " + unused + ".";
    return with_closing_notes({text + "\n", step, "", steps_alike}, events);
  }
  if (returns_other) {
    text += "Every step is among your ops' results, the last one included (step " +
            std::to_string(steps.size()) + ", " + steps.back().name + "), but your code returns ";
    const std::vector<int64_t> order = axes_order(returned, steps.back().value);
    if (!order.empty()) {
      // The step's values with their axes in another order: a transpose never undone. From the
      // first step held that way on.
      text += "it with " + order_words(order) + ": " + shape_text(returned.sizes()) + " where " +
              shape_text(steps.back().value.sizes()) + " is expected.";
      for (size_t i = 0; i < steps.size(); ++i) {
        if (at[i] < 0 || axes_order(events[size_t(at[i])].value, steps[i].value).empty()) continue;
        text += " Your ops hold the steps that way from step " + std::to_string(i + 1) + " (" +
                steps[i].name +
                ") on: a transpose or permute of yours that is not undone (or is undone by another "
                "permutation) before the result is returned.";
        const std::string unused = no_step_before(at[i]);
        if (!unused.empty())
          text += " Your ops before it whose results are no step: " + unused + ".";
        break;
      }
      // Note [the permutation that puts the last step back]
      // Code that moves an axis last, computes, and moves it back with the same permutation
      // (not its inverse) had round 53's reader told "not undone" of an undo that was there, and
      // computing the inverse by hand. The last step's op holds the step with its dims in some
      // order: the permutation that gives the step back from it is said, with the ops the code
      // ran on it afterwards.
      const int64_t last = at[steps.size() - 1];
      const std::vector<int64_t> held =
          last >= 0 ? axes_order(events[size_t(last)].value, steps.back().value)
                    : std::vector<int64_t>{};
      if (!held.empty()) {
        std::vector<int64_t> back(held.size());
        for (size_t a = 0; a < held.size(); ++a) back[size_t(held[a])] = int64_t(a);
        std::string dims;
        for (const int64_t a : back) dims += (dims.empty() ? "" : ", ") + std::to_string(a);
        std::string moved_after;
        for (int64_t j = last + 1; j < int64_t(events.size()); ++j)
          if (moves_only(events[size_t(j)].op))
            moved_after += (moved_after.empty() ? "" : ", ") + op_of(j);
        text += " Your #" + std::to_string(last + 1) + " holds step " +
                std::to_string(steps.size()) + " with " + order_words(held) + ": permute(" + dims +
                ") of it gives the step in its own order" +
                (moved_after.empty() ? std::string(", and no op of yours after it moves its axes.")
                                     : "; your code runs " + moved_after + " on it instead.");
      }
      return with_closing_notes({text + "\n", step, "", steps_alike}, events);
    }
    text += "something else: look at what it does after it.";
    if (!next.empty()) text += ops_from_there + next + ".";
    return with_closing_notes({text + "\n", step, "", steps_alike}, events);
  }
  if (differently >= 0) {
    // A multiple given an op that is already a multiple by another factor (the smoothing weight
    // times a sum where the mean belongs: "times 1.2", of which "times 6" is the mistake): that
    // one is said too, or the reader takes the last factor for the wrong one.
    std::string already;
    if (const auto ratio = multiple_of(events[size_t(differently)].value, steps[diverging].value))
      for (const kt::TensorMeta& m : events[size_t(differently)].inputs) {
        const int64_t j = maker_of(m, differently);
        if (j < 0 || step_of(j) > 0 || !events[size_t(j)].value.defined()) continue;
        const auto before = multiple_of(events[size_t(j)].value, steps[diverging].value);
        if (!before || std::abs(*before - *ratio) <= 1e-9 * std::abs(*ratio)) continue;
        char factor[32];
        std::snprintf(factor, sizeof factor, "%.6g", *before);
        const std::string reading = report::ratio_reading(*before);
        already = "; #" + std::to_string(j + 1) +
                  ", which it is given, is already the step times " + factor +
                  (reading.empty() ? "" : " = " + reading);
        break;
      }
    // The decisive op is on the table's row; here, what it computes beside what it should.
    text += "Your op " + op_of(differently) + " has the shape of step " +
            std::to_string(diverging + 1) + " (" + steps[diverging].name +
            ") but computes it differently: " +
            where_it_differs(events[size_t(differently)].value, steps[diverging].value) +
            multiple_text(events[size_t(differently)].value, steps[diverging].value, inputs) +
            already;
    if (onward.undone_at >= 0)
      text += ". Your #" + std::to_string(onward.undone_at + 1) +
              " divides that factor back out later, so this op is your way to the step, not the "
              "mistake: the mistake is in what your code does with its result before #" +
              std::to_string(onward.undone_at + 1) +
              (onward.before.empty() ? std::string(" (below).") : ": " + onward.before + ".");
    else
      text += diverging == 0 ? ". It is the first step, so the mistake is in that op or in what "
                               "it is given."
                             : ". Every step before it is there, so the mistake is in that op or "
                               "in what it is given.";
    // (What it is given is no suspect where a later op undoes it, and "It" would read as the ops
    // just named.)
    if (onward.undone_at < 0) {
      // The ops between the steps and it shown whole where it is given them all and they are
      // all it is given (no chain of them, which reads best as a list in order).
      const std::string whole = given_text(differently, true);
      const Ancestry between_ops = no_step_ancestry({differently}, -1, int64_t(events.size()));
      const bool all_shown =
          !shown_whole.empty() &&
          std::all_of(between_ops.ops.begin(), between_ops.ops.end(), [&](int64_t j) {
            return std::find(shown_whole.begin(), shown_whole.end(), j) != shown_whole.end();
          });
      if (all_shown) {
        text += whole;
      } else {
        text += given_text(differently, false);
        if (!events[size_t(differently)].inputs.empty()) {
          const std::string between = no_step_ancestors(between_ops);
          if (!between.empty())
            text +=
                " Your ops between the steps and it (their results are no step): " + between + ".";
        } else if (const std::string unused = no_step_before(differently); !unused.empty()) {
          text += " Your ops before it whose results are no step: " + unused + ".";
        }
      }
    }
    if (!onward.listed.empty())
      text += " Your code goes on with it: " + onward.listed + "." +
              (onward.scaled.empty() ? "" : " " + onward.scaled + ".");
    return with_closing_notes({text + "\n", step, "", steps_alike}, events);
  }
  if (threw) {
    // The call threw before the step: what is known is the steps it reached, and the step's shape.
    text += "Step " + std::to_string(diverging + 1) + " (" + steps[diverging].name + ", " +
            shape_text(steps[diverging].value.sizes()) +
            ") is the first step no op of yours produces before your code throws a kt error on "
            "this case; the steps it is computed from are there.";
    if (!next.empty() || !thrower.empty())
      text += ops_from_there + next + (next.empty() || thrower.empty() ? "" : ", then ") +
              (thrower.empty() ? "" : thrower + ", which threw") + ".";
    return with_closing_notes({text + "\n", step, "", steps_alike}, events);
  }
  text += "Step " + std::to_string(diverging + 1) + " (" + steps[diverging].name + ", " +
          shape_text(steps[diverging].value.sizes()) +
          ") is the first step no op of yours produces" +
          (diverging == 0 ? std::string(", and the first step: the mistake is in it (done "
                                        "differently, in another order, or not at all), or in "
                                        "what it is given.")
                          : std::string(", though every step before it is there: the mistake is "
                                        "in that step (done differently, in another order, or "
                                        "not at all), or in the layout of its inputs."));
  if (!next.empty()) text += (diverging == 0 ? " Your ops: " : ops_from_there) + next + ".";
  if (!next.empty()) text += not_listed();
  text += reduced_elsewhere(steps, diverging, at, events, inputs, from_there);
  text += unread_input(steps, diverging, at, events);
  return with_closing_notes({text + "\n", step, "", steps_alike}, events);
}

Journey journey_of_call(const std::vector<Step>& steps, const std::function<kt::Tensor()>& call,
                        const std::string& case_text) {
  return journey_of_call(std::vector<std::vector<Step>>{steps}, call, case_text);
}

size_t nearest_form(const std::vector<std::vector<Step>>& forms,
                    const std::vector<kt::TraceEvent>& traced_events) {
  if (forms.size() < 2) return 0;  // (one form: nothing to align it against)
  std::vector<kt::TraceEvent> events = traced_events;
  std::erase_if(events, [](const kt::TraceEvent& e) { return e.threw; });
  size_t best = 0;
  std::pair<size_t, size_t> best_reach{0, 0};
  for (size_t f = 0; f < forms.size(); ++f) {
    const std::vector<int64_t> at = align_steps(forms[f], events);
    const std::pair<size_t, size_t> reach{
        first_diverging(forms[f], at),
        size_t(std::count_if(at.begin(), at.end(), [](int64_t i) { return i >= 0; }))};
    if (f == 0 || reach > best_reach) {
      best = f;
      best_reach = reach;
    }
  }
  return best;
}

Journey journey_of_call(const std::vector<std::vector<Step>>& forms,
                        const std::function<kt::Tensor()>& call, const std::string& case_text) {
  if (forms.empty()) return {};
  kt::Tensor out;
  LearnerTrace traced = trace_learner_whole([&] { out = call(); });
  // Nothing returned: a journey up to the throw when a kt op threw (the call's last op).
  const bool threw = !out.defined() && !traced.events.empty() && traced.events.back().threw;
  if (!out.defined() && !threw) return {};
  // (An op that threw and was caught, mid-trace, is dropped by journey_text.)
  const std::vector<Step>& steps = forms[nearest_form(forms, traced.events)];
  return on_case(case_text, journey_text(steps, traced.events, out, traced.inputs, threw));
}

Journey journey_of_run(const std::vector<Step>& steps, const std::function<Run()>& call,
                       const std::string& case_text) {
  Run run;
  const LearnerTrace traced = trace_learner_whole([&] { run = call(); });  // with the op that threw
  if (!run.ok() && !run.threw_error()) return {};
  return on_case(case_text, journey_text(steps, traced.events, run.out, traced.inputs, !run.ok()));
}

Journey on_case(const std::string& case_text, Journey j) {
  if (j.text.empty()) return j;
  j.text = "On " + case_text + ":\n" + j.text;
  j.on = case_text;
  return j;
}

Journey on_another_case(Journey j) {
  const std::string header = "On " + j.on + ":\n";
  if (j.on.empty() || !j.text.starts_with(header)) return j;
  j.text = header +
           "(This case is bigger than the smallest failing case further down, so that each\n"
           "step has numbers of its own; your code fails on it as well. #N is your code's Nth op "
           "on it.)\n" +
           j.text.substr(header.size());
  return j;
}

size_t Steps::add(std::string name, const kt::Tensor& value, int64_t head_axis,
                  std::vector<size_t> from, bool layout) {
  if (from.size() == 1 && identical(list[from[0]].value, value)) return from[0];
  list.push_back({std::move(name), value.contiguous(), head_axis, std::move(from), layout});
  return list.size() - 1;
}

}  // namespace grader
