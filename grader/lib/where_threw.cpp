#include "grader/lib/where_threw.hpp"

#include <cmath>
#include <optional>
#include <vector>

namespace grader {

namespace {

/// Equal shapes and equal values (NaN equal to NaN).
bool identical(const kt::Tensor& a, const kt::Tensor& b) {
  if (!a.defined() || !b.defined() || a.sizes() != b.sizes()) return false;
  const std::vector<double> x = a.to(kt::Float64).contiguous().to_vector<double>();
  const std::vector<double> y = b.to(kt::Float64).contiguous().to_vector<double>();
  for (size_t i = 0; i < x.size(); ++i)
    if (!(x[i] == y[i] || (std::isnan(x[i]) && std::isnan(y[i])))) return false;
  return true;
}

/// " (of v)" when op e only moves the numbers of one named input; "".
std::string moved_from(const kt::TraceEvent& e, const LearnerTrace& traced) {
  if (!moves_only(e.op) || !e.value.defined()) return "";
  std::optional<std::string> named;
  for (const NamedInput& in : traced.inputs) {
    if (!in.value.defined() || in.value.numel() != e.value.numel() ||
        sorted_values(in.value) != sorted_values(e.value))
      continue;
    if (named) return "";
    named = in.name;
  }
  return named ? " (of " + *named + ")" : "";
}

/// Where `value` came from: "mask, as the call gave it", "the result of #7 OP", or "" when no
/// named input and no earlier op gave exactly it (or two named inputs do).
std::string source_of(const kt::Tensor& value, const LearnerTrace& traced, size_t before) {
  if (!value.defined()) return "";
  // The latest op whose result it is: a learner's tensor is most often the one just made.
  for (size_t i = before; i-- > 0;) {
    const kt::TraceEvent& e = traced.events[i];
    if (!e.threw && e.value.defined() && identical(e.value, value))
      return "the result of your #" + std::to_string(i + 1) + " " + op_text(e) +
             moved_from(e, traced);
  }
  std::optional<std::string> named;
  for (const NamedInput& in : traced.inputs) {
    if (!identical(in.value, value)) continue;
    if (named) return "";  // two inputs alike: name neither
    named = in.name;
  }
  return named ? *named + ", as the call gave it" : "";
}

/// "view(2, 1, 1)": the op and its arguments, without a result.
std::string call_text(const kt::TraceEvent& e) {
  const std::string text = op_text(e);
  return text.substr(0, text.find(" -> "));
}

}  // namespace

std::string where_it_threw(const LearnerTrace& traced) {
  if (traced.events.empty() || !traced.events.back().threw) return "";
  const size_t at = traced.events.size() - 1;
  const kt::TraceEvent& e = traced.events[at];
  std::string text = "The error is thrown by your " + call_text(e) + " (your code's op #" +
                     std::to_string(at + 1) + " on this case).";
  if (e.inputs.empty()) return text + "\n";
  text += e.inputs.size() == 1 ? " It was given:\n" : " It was given, in order:\n";
  for (size_t i = 0; i < e.inputs.size(); ++i) {
    const kt::TensorMeta& m = e.inputs[i];
    std::string line =
        "- a " + kt::shape_str(m.sizes) + " " + std::string(kt::dtype_name(m.dtype)) + " tensor";
    const std::string from =
        i < e.input_values.size() ? source_of(e.input_values[i], traced, at) : std::string();
    if (!from.empty()) line += ": " + from;
    text += line + "\n";
  }
  return text;
}

void locate_throw(Failure& f) {
  if (f.threw.empty() || !f.call_again || !f.where_threw.empty()) return;
  // First the ops' shapes alone (cheap at any size); their values only when every result is
  // small (a copy of each: the smallest failing case, not a long context).
  // The same call must throw the same error again (a check that made another call after the one
  // that threw, or code that does not throw twice alike, gets no location).
  std::string again;
  LearnerTrace traced = trace_learner_whole([&] { again = f.call_again(); }, /*keep_values=*/false);
  if (again != f.threw) return;
  int64_t elements = 0;
  for (const kt::TraceEvent& e : traced.events) {
    int64_t n = 1;
    for (const int64_t s : e.output.sizes) n *= s;
    elements += n;
  }
  if (elements <= 1'000'000) {
    LearnerTrace with_values =
        trace_learner_whole([&] { again = f.call_again(); }, /*keep_values=*/true);
    if (again == f.threw) traced = std::move(with_values);
  }
  f.where_threw = where_it_threw(traced);
}

}  // namespace grader
