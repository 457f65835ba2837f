#include "grader/lib/where_threw.hpp"

#include "grader/lib/compare.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <optional>
#include <set>
#include <vector>

namespace grader {

namespace {

// Note [what an op that threw was given]
// A thrown error names a kt op, not the learner's line: "(1x2 and 1x2)" in a kv cache where
// d_head and the length are both 2 left a reader guessing which matmul, and of what. So each input
// of the op that threw is shown as the expression that made it, as code would write it:
// `transpose(view(linear(x, v_proj.weight), 1, 1, 1, 2), 1, 2)` says the values came from the
// new tokens alone, not from the cache. A tensor is known by where it lies (kt::TensorMeta: its
// address and layout), so the op that made an input is the latest op whose result lies there (a
// freed tensor's memory may be reused later, never earlier), and an input of the call by the
// handler's names (serve::learner_code_starts). Where no op made it and no name fits, its values,
// when kept, are matched instead; else only its shape is shown. An expression goes as many ops
// deep as fits on a line (six at most), and refers to the ops past that by number and result
// ("#12 matmul -> [2, 3]");
// a plain number in `x / 2.0` is shown as the number.

/// The inputs of an op shown one by one (a cat of more is shown by their count).
constexpr size_t kShownInputs = 4;

/// The one name of the named inputs `pick` accepts, or nullopt (none, or two names).
template <class Pick>
std::optional<std::string> one_input(const LearnerTrace& traced, Pick pick) {
  std::optional<std::string> named;
  for (const NamedInput& in : traced.inputs) {
    if (!pick(in) || named == in.name) continue;
    if (named) return std::nullopt;
    named = in.name;
  }
  return named;
}

/// "1st", "2nd", "11th", "23rd".
std::string ordinal(size_t n) {
  const size_t tens = n % 100, ones = n % 10;
  const char* suffix = tens >= 11 && tens <= 13 ? "th"
                       : ones == 1              ? "st"
                       : ones == 2              ? "nd"
                       : ones == 3              ? "rd"
                                                : "th";
  return std::to_string(n) + suffix;
}

/// "2, 1, 1" of view(2, 1, 1): an op's own arguments, without its parentheses; "" for none.
std::string arguments(const kt::TraceEvent& e) {
  const std::string call = call_text(e);
  const size_t open = call.find('(');
  if (open == std::string::npos || call.empty() || call.back() != ')') return "";
  std::string inner = call.substr(open + 1);
  inner.pop_back();
  return inner;
}

/// The op that made the tensor `m` (the latest before `before`), or nullopt.
std::optional<size_t> maker(const kt::TensorMeta& m, const LearnerTrace& traced, size_t before) {
  for (size_t i = before; i-- > 0;)
    if (!traced.events[i].threw && same_tensor(traced.events[i].output, m)) return i;
  return std::nullopt;
}

/// The expression that made a tensor the learner's op at `before` was given (Note [what an op
/// that threw was given]); "" when nothing is known of it.
std::string made_by(const kt::TensorMeta& m, const kt::Tensor& value, const LearnerTrace& traced,
                    size_t before, int depth, std::vector<size_t>* refs = nullptr) {
  // An input of the call, named before this op and not made again since; else the latest op
  // before it that made it.
  if (std::string name = input_named(m, traced.inputs, traced.events, before); !name.empty())
    return name;
  const std::optional<size_t> made = maker(m, traced, before);
  if (made) {
    const size_t i = *made;
    const kt::TraceEvent& e = traced.events[i];
    if (made_for_a_number(e) && e.value.defined()) {
      char number[32];
      std::snprintf(number, sizeof number, "%.6g", e.value.to(kt::Float64).item());
      return number;
    }
    if (depth == 0) {
      // (Appended piece by piece: GCC 12's -Wstringop-overflow misfires on "#" + std::string.)
      std::string ref = "#";  // with its shape: "#46 matmul -> [1, 1]"
      ref += std::to_string(i + 1);
      ref += ' ';
      ref += op_text(e);
      if (refs != nullptr) refs->push_back(i);
      return ref;
    }
    // op(its inputs..., its arguments...)
    std::string args;
    if (e.inputs.size() > kShownInputs) {
      args = std::to_string(e.inputs.size()) + " tensors";  // a cat of many: not each of them
    } else {
      for (const kt::TensorMeta& in : e.inputs) {
        const std::string from = made_by(in, kt::Tensor(), traced, i, depth - 1, refs);
        args += (args.empty() ? "" : ", ") +
                (from.empty() ? "a " + kt::shape_str(in.sizes) + " tensor" : from);
      }
    }
    const std::string own = arguments(e);
    // An op that makes a tensor from nothing shown (full, arange) is known by its shape.
    if (e.inputs.empty() && own.empty()) return e.op + "(" + kt::shape_str(e.output.sizes) + ")";
    if (!own.empty()) {
      // (Appended piece by piece: GCC 12's -Wstringop-overflow misfires on the chain.)
      if (!args.empty()) args += ", ";
      args += own;
    }
    return e.op + "(" + args + ")";
  }
  if (const auto name =
          one_input(traced, [&](const NamedInput& in) { return identical(in.value, value); }))
    return *name;
  return "";
}

/// Among the ops that made `m` (up to `depth` ops back), the one nearest to it that broadcast its
/// first input to a larger shape (masked_fill of a [1, 1] block by a [2, 2] mask), or nullopt.
std::optional<size_t> grew(const kt::TensorMeta& m, const LearnerTrace& traced, size_t before,
                           int depth) {
  static const std::set<std::string> elementwise = {"masked_fill", "add",   "sub",     "mul",
                                                    "div",         "where", "maximum", "minimum"};
  const std::optional<size_t> i = maker(m, traced, before);
  if (!i || depth == 0) return std::nullopt;
  const kt::TraceEvent& e = traced.events[*i];
  const auto numel = [](const kt::Shape& s) {
    int64_t n = 1;
    for (const int64_t d : s) n *= d;
    return n;
  };
  if (elementwise.count(e.op) != 0 && e.inputs.size() >= 2 &&
      numel(e.output.sizes) > numel(e.inputs[0].sizes))
    return i;
  for (const kt::TensorMeta& in : e.inputs)
    if (const auto found = grew(in, traced, *i, depth - 1)) return found;
  return std::nullopt;
}

// Note [a width taken from the values]
// kt::one_hot(index) with num_classes left at -1 makes as many columns as the largest index + 1,
// like torch's F.one_hot: a width that follows the values, not the number of classes, so it
// throws (or broadcasts) only on a case whose largest class is not in the batch. The op that threw
// is several ops on, and round 53's readers of cross_entropy and moe_router found the -1 in
// "one_hot(cat(...), -1)" by working the sizes out by hand. Where such a one_hot is among what the
// op that threw was made from, its width is said and where it came from.
std::string width_from_values(const LearnerTrace& traced, size_t at) {
  std::vector<size_t> todo = {at};
  std::vector<bool> seen(traced.events.size(), false);
  std::optional<size_t> found;
  while (!todo.empty() && !found) {
    const size_t i = todo.back();
    todo.pop_back();
    for (const kt::TensorMeta& in : traced.events[i].inputs) {
      const std::optional<size_t> j = maker(in, traced, i);
      if (!j || seen[*j]) continue;
      seen[*j] = true;
      const kt::TraceEvent& made = traced.events[*j];
      if (one_hot_width_from_values(made)) found = *j;
      todo.push_back(*j);
    }
  }
  if (!found) return "";
  const kt::TraceEvent& e = traced.events[*found];
  return "Your #" + std::to_string(*found + 1) +
         " one_hot(-1) is one of the ops that made what it was given: with " +
         "num_classes = -1 it makes as many columns as the largest index it is given + 1, here " +
         std::to_string(e.output.sizes.back()) +
         ", which follows the values, not the number of classes. Pass the number of classes: "
         "kt::one_hot(index, num_classes).\n";
}

}  // namespace

std::string where_it_threw(const LearnerTrace& traced, bool journey_elsewhere, bool journey_case) {
  if (traced.events.empty() || !traced.events.back().threw) return "";
  const size_t at = traced.events.size() - 1;
  const kt::TraceEvent& e = traced.events[at];
  std::string given;
  for (size_t i = 0; i < e.inputs.size() && i < kShownInputs; ++i) {
    const kt::TensorMeta& m = e.inputs[i];
    given +=
        "- a " + kt::shape_str(m.sizes) + " " + std::string(kt::dtype_name(m.dtype)) + " tensor";
    const kt::Tensor value = i < e.input_values.size() ? e.input_values[i] : kt::Tensor();
    // As deep as fits on a line: the op that went wrong is often a few ops back.
    std::string from;
    std::vector<size_t> refs;
    for (int depth = 6; depth >= 1; --depth) {
      refs.clear();
      from = made_by(m, value, traced, at, depth, &refs);
      if (from.size() <= 96) break;
    }
    const bool named = std::any_of(traced.inputs.begin(), traced.inputs.end(),
                                   [&](const NamedInput& in) { return in.name == from; });
    if (!from.empty()) given += ": " + from + (named ? ", as the call gave it" : "");
    given += "\n";
    // The ops the line refers to by number (two at most), one level further: what went into them
    // is often where the wrong shape came from (a key block sliced at the query block's rows).
    refs.erase(std::unique(refs.begin(), refs.end()), refs.end());
    if (refs.size() > 2) refs.resize(2);
    for (const size_t r : refs) {
      std::string inner;
      for (int depth = 4; depth >= 1; --depth) {
        inner = made_by(traced.events[r].output, kt::Tensor(), traced, r + 1, depth);
        if (inner.size() <= 96) break;
      }
      if (!inner.empty()) {
        given += "  where #";  // (piecewise: GCC 12's -Wstringop-overflow on "#" + std::string)
        given += std::to_string(r + 1);
        given += " is " + inner + "\n";
      }
    }
  }
  if (e.inputs.size() > kShownInputs)
    given += "- and " + std::to_string(e.inputs.size() - kShownInputs) + " more\n";
  // A shape that grew by broadcasting on the way is often where a wrong one came from.
  for (size_t i = 0; i < e.inputs.size() && i < kShownInputs; ++i) {
    const std::optional<size_t> g = grew(e.inputs[i], traced, at, 6);
    if (!g) continue;
    const kt::TraceEvent& b = traced.events[*g];
    const auto shown = [&](const kt::TensorMeta& in) {
      const std::string from = made_by(in, kt::Tensor(), traced, *g, 0);
      return from.empty() ? "a " + kt::shape_str(in.sizes) + " tensor" : from;
    };
    given += "A shape grew on the way: your #" + std::to_string(*g + 1) + " " + op_text(b) +
             " broadcast its first input, " + shown(b.inputs[0]) + ", against " +
             shown(b.inputs[1]) + ".\n";
    break;
  }
  given += width_from_values(traced, at);
  const bool refers = given.find('#') != std::string::npos;
  std::string text =
      journey_case ? "On the journey's case above your code throws too, at your " + call_text(e) +
                         " (#" + std::to_string(at + 1) + " above; #N is the Nth op, as there)."
                   : "The error is thrown by your " + call_text(e) + " (the " + ordinal(at + 1) +
                         " op your code ran on the case below" +
                         (journey_elsewhere ? ", not the journey's case above" : "") +
                         (refers ? "; #N below is the Nth" : "") + ").";
  if (e.inputs.empty()) return text + "\n";
  return text + (e.inputs.size() == 1 ? " It was given:\n" : " It was given, in order:\n") + given;
}

void locate_throw(Failure& f) {
  if (f.threw.empty() || !f.call_again || !f.where_threw.empty()) return;
  // The same call must throw the same error again (a check that made another call after the one
  // that threw, or code that does not throw twice alike, gets no location).
  std::string again;
  const auto start = std::chrono::steady_clock::now();
  LearnerTrace traced = trace_learner_whole([&] { again = f.call_again(); }, /*keep_values=*/false);
  if (again != f.threw) return;
  // A call that takes long is not made a third time (the check's CPU limit counts these too).
  const bool quick = std::chrono::steady_clock::now() - start < std::chrono::milliseconds(200);
  // First the ops' shapes alone (cheap at any size); their values only when every result is
  // small (a copy of each: the smallest failing case, not a long context).
  int64_t elements = 0;
  for (const kt::TraceEvent& e : traced.events) {
    int64_t n = 1;
    for (const int64_t s : e.output.sizes) n *= s;
    elements += n;
  }
  if (quick && elements <= 1'000'000) {
    LearnerTrace with_values =
        trace_learner_whole([&] { again = f.call_again(); }, /*keep_values=*/true);
    if (again == f.threw) traced = std::move(with_values);
  }
  f.where_threw = where_it_threw(traced, f.journey_elsewhere);
}

}  // namespace grader
