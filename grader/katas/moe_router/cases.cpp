#include "grader/katas/moe_router/cases.hpp"

#include <rapidcheck.h>

#include <algorithm>
#include <numeric>
#include <sstream>

#include "grader/katas/moe_router/catalogue.hpp"
#include "grader/lib/remote.hpp"

namespace grader::kata_moe_router {

// Note [moe_router's tolerances]
// The experts are compared exactly: on Spread and Large logits every two of a row are at least
// 0.05 apart, so their probabilities differ by a factor of at least e^0.05 and no rounding reorders
// them. A Large row's values near its maximum span less than 80: their probabilities are at least
// e^-80, normal in Float32 (a span of 104 or more made some 0 in Float32 but not in Float64, and
// the reference, in Float64, ordered what a right Float32 computation ties: the worked solution
// failed one seed in ten). The others are 800 below the maximum: e^-800 is exactly 0 in either
// dtype, so those probabilities are equal in any computation that takes them (the reference puts
// the lower id first), while exact arithmetic orders them by logit (code that picks its top k on
// the logits): both are right, and a routing equal to routing_by_logits is judged by it. Code
// that masks its picks with 0 picks one of them twice, which neither is. On Ties logits the tied
// values are equal in any correct computation (the same ops on the same numbers), and the lower id
// goes first. The gates and the loss of a Float64 case are compared at rtol 1e-9, atol 1e-12; of a
// Float32 case at rtol 1e-5, atol 1e-6: a softmax of at most 8 values, a sum and a quotient of at
// most 8 round to a few 6e-8 relative each, and the loss is a sum of at most 8 products of such
// values. The detectors and the catalogue work in Float64.

namespace {

bool is_float32(const Case& c) { return c.logits.dtype() == kt::Float32; }

/// How far below their row's maximum a Large case puts some logits: past e^-745, the smallest
/// Float64, their probabilities are exactly 0.
constexpr double kFarBelow = 800;

/// Moves a row's values apart so that every two differ by at least `gap`, keeping their order.
void spread(std::vector<double>& row, double gap) {
  std::vector<size_t> order(row.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return row[a] < row[b]; });
  for (size_t i = 1; i < order.size(); ++i)
    row[order[i]] = std::max(row[order[i]], row[order[i - 1]] + gap);
}

}  // namespace

Spec detector_spec() {
  return {.n_min = 3,
          .n_max = 6,
          .e_min = 4,
          .e_max = 8,
          .k_below_e = true,
          .k_at_least_2 = true,
          .float64_only = true};
}

std::string call_text(const Case& c) {
  return "route_top_k(router_logits, " + std::to_string(c.k) + ")";
}

std::vector<std::pair<std::string, std::string>> Case::describe() const {
  return {{"router_logits shape", kt::shape_str(logits.sizes()) + " (N tokens, E experts)"},
          {"dtype", std::string(kt::dtype_name(logits.dtype()))},
          {"k", std::to_string(k)},
          {"router_logits values", values},
          {"router_logits", values_text(logits)}};
}

Case generate(const Spec& spec) {
  const auto n = *rc::gen::inRange(spec.n_min, spec.n_max + 1).as("N (tokens)");
  const auto e = *rc::gen::inRange(spec.e_min, spec.e_max + 1).as("E (experts)");
  const int64_t k_min = spec.k_at_least_2 ? 2 : 1;
  const int64_t k_max = spec.k_below_e ? e - 1 : e;
  Case c;
  c.k = *rc::gen::inRange(k_min, std::max(k_min, k_max) + 1).as("k");
  const kt::Dtype dtype = draw_dtype(spec.float64_only);
  const auto seed = *rc::gen::inRange<uint64_t>(0, 1000000).as("seed of the values");
  kt::Generator gen(seed);
  std::vector<double> values;
  if (spec.logits == Logits::Ties) {
    const std::vector<double> u = kt::rand({n, e}, gen).to_vector<double>();
    for (const double x : u) values.push_back(double(int64_t(x * 3.0)));
    c.values = "whole numbers from 0 to 2 (ties: the lower expert id first)";
  } else {
    const bool large = spec.logits == Logits::Large;
    const std::vector<double> r = kt::randn({n, e}, gen).to_vector<double>();
    // Large: which experts go far below their row's maximum (Note [moe_router's tolerances]).
    const std::vector<double> far =
        large ? kt::rand({n, e}, gen).to_vector<double>() : std::vector<double>(size_t(n * e), 1.0);
    for (int64_t t = 0; t < n; ++t) {
      std::vector<double> row(r.begin() + t * e, r.begin() + (t + 1) * e);
      for (double& x : row) x = large ? 8 * x + 1000 : 2 * x;
      spread(row, large ? 1.0 : 0.05);
      const double top = *std::max_element(row.begin(), row.end());
      const double low = *std::min_element(row.begin(), row.end());
      // INVARIANT: a Large row's near values span less than 80 (rescaled in the rare row that
      // would not), so that none of their probabilities is below Float32's smallest normal.
      if (large && top - low > 80)
        for (double& x : row) x = top - (top - x) * 80 / (top - low);
      for (int64_t j = 0; j < e; ++j)
        if (row[size_t(j)] != top && far[size_t(t * e + j)] < 1.0 / 3) row[size_t(j)] -= kFarBelow;
      values.insert(values.end(), row.begin(), row.end());
    }
    c.values = large ? "8 * randn + 1000, every two of a row at least 1 apart, about a third "
                       "of them (never a row's largest) 800 lower"
                     : "2 * randn, every two of a row at least 0.05 apart";
  }
  // Rounded to float32, values 0.05 apart near 10 or 1 apart near 1000 stay apart.
  c.logits = kt::from_vector(values, {n, e}).to(dtype);
  return c;
}

bool has_zero_probabilities(const Case& c) {
  const int64_t e = c.logits.size(1);
  const std::vector<double> v = c.logits.to(kt::Float64).contiguous().to_vector<double>();
  for (size_t t = 0; t + size_t(e) <= v.size(); t += size_t(e)) {
    const auto row = v.begin() + int64_t(t);
    const double top = *std::max_element(row, row + e);
    if (std::any_of(row, row + e, [&](double x) { return top - x >= 745; })) return true;
  }
  return false;
}

Outcome run_moe_router_property(uint64_t seed, int cases,
                                const std::function<std::optional<Failure>()>& body) {
  // The values are shown; their seed is not the --seed that reruns a case.
  return run_property(
      seed, cases, body,
      {"N (tokens)", "E (experts)", "seed of the values", "which argument is outside the API"});
}

Called call_learner_on(const Case& c) {
  announce_case(c.describe());  // so a crash or a timeout still names the case
  wire::Writer args;
  args.tensor(c.logits);
  args.i64(c.k);
  Called called;
  remote::call("moe_router", args, [&](wire::Reader& r) {
    called.run = r.run();
    called.expert_index = r.tensor();
    called.aux_loss = r.tensor();
    called.changed = r.boolean();
  });
  return called;
}

ref::Routing run_reference(const Case& c) { return ref::route_top_k(c.logits, c.k); }

ref::Routing routing_by_logits(const Case& c) {
  const int64_t n = c.logits.size(0), e = c.logits.size(1);
  const std::vector<double> logits = c.logits.to(kt::Float64).contiguous().to_vector<double>();
  const std::vector<double> p = ref::router_probs(c.logits).to_vector<double>();
  std::vector<int64_t> index;
  std::vector<double> gate, assigned(size_t(e), 0.0), mean(size_t(e), 0.0);
  for (int64_t t = 0; t < n; ++t) {
    std::vector<int64_t> order(static_cast<size_t>(e));
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) {
      return logits[size_t(t * e + a)] > logits[size_t(t * e + b)];
    });
    double sum = 0;
    for (int64_t j = 0; j < c.k; ++j) sum += p[size_t(t * e + order[size_t(j)])];
    for (int64_t j = 0; j < c.k; ++j) {
      const int64_t x = order[size_t(j)];
      index.push_back(x);
      gate.push_back(p[size_t(t * e + x)] / sum);
      assigned[size_t(x)] += 1;
    }
    for (int64_t j = 0; j < e; ++j) mean[size_t(j)] += p[size_t(t * e + j)] / double(n);
  }
  double aux = 0;
  for (int64_t j = 0; j < e; ++j) aux += assigned[size_t(j)] / double(n * c.k) * mean[size_t(j)];
  return {kt::from_vector(index, {n, c.k}), kt::from_vector(gate, {n, c.k}),
          kt::scalar_tensor(double(e) * aux)};
}

kt::Tensor packed(const kt::Tensor& index, const kt::Tensor& gate, const kt::Tensor& aux) {
  if (!index.defined() || !gate.defined() || !aux.defined() || aux.dim() != 0 || gate.dim() != 2 ||
      index.sizes() != gate.sizes())
    return kt::Tensor();
  return kt::cat({index.to(kt::Float64).reshape({-1}), gate.to(kt::Float64).reshape({-1}),
                  aux.to(kt::Float64).reshape({1})});
}
kt::Tensor packed(const ref::Routing& r) { return packed(r.expert_index, r.gate, r.aux_loss); }
kt::Tensor packed(const Called& called) {
  return packed(called.expert_index, called.run.out, called.aux_loss);
}

bool matches(const Case& c, const kt::Tensor& got, const kt::Tensor& expected) {
  return is_float32(c) ? close(got, expected, 1e-5, 1e-6) : close(got, expected);
}

std::string tolerance_text(const Case& c) {
  return is_float32(c) ? "rtol 1e-5, atol 1e-6 in Float32" : "rtol 1e-9, atol 1e-12";
}

std::optional<std::string> shape_problem(const Case& c, const Called& called) {
  const int64_t n = c.logits.size(0);
  const kt::Shape nk = {n, c.k};
  const std::string dtype(kt::dtype_name(c.logits.dtype()));
  const auto described = [](const kt::Tensor& t) {
    return t.defined() ? kt::shape_str(t.sizes()) + " " + std::string(kt::dtype_name(t.dtype()))
                       : std::string("undefined");
  };
  std::vector<std::string> wrong;
  if (!called.expert_index.defined() || called.expert_index.sizes() != nk ||
      called.expert_index.dtype() != kt::Int64)
    wrong.push_back("expert_index is " + described(called.expert_index) + " where it must be " +
                    kt::shape_str(nk) + " Int64");
  if (called.run.out.sizes() != nk || called.run.out.dtype() != c.logits.dtype())
    wrong.push_back("gate is " + described(called.run.out) + " where it must be " +
                    kt::shape_str(nk) + " " + dtype);
  if (!called.aux_loss.defined() || called.aux_loss.dim() != 0 ||
      called.aux_loss.dtype() != c.logits.dtype())
    wrong.push_back("aux_loss is " + described(called.aux_loss) +
                    " where it must be 0-d (shape []) " + dtype);
  if (wrong.empty()) return std::nullopt;
  std::string text;
  for (size_t i = 0; i < wrong.size(); ++i) {
    text += wrong[i];
    text += i + 1 < wrong.size() ? "; " : ".";
  }
  return text + " For N = " + std::to_string(n) + " tokens and k = " + std::to_string(c.k) +
         ", each token gets k experts (its most probable first) and k gates; aux_loss is one "
         "number for the whole batch.";
}

Failure failure_from_run(const Case& c, const Called& called) {
  if (!called.run.ok()) {
    Failure f = failure_from_throw(called.run, call_text(c));
    f.counterexample = c.describe();
    if (called.run.threw_error()) diagnose_after_shrinking(f, c);  // where it threw
    return f;
  }
  Failure f;
  f.message = shape_problem(c, called).value_or("");
  f.counterexample = c.describe();
  return f;
}

Failure failure(const Case& c, const Called& called, std::string message) {
  Failure f;
  f.message = std::move(message);
  f.counterexample = c.describe();
  const ref::Routing want = run_reference(c);
  if (shape_problem(c, called)) return f;
  // The first token whose experts or gates differ, else the loss.
  const int64_t n = c.logits.size(0);
  for (int64_t t = 0; t < n; ++t) {
    const kt::Tensor wi = want.expert_index[t], gi = called.expert_index[t];
    const kt::Tensor wg = want.gate[t], gg = called.run.out[t];
    if (kt::equal(wi, gi) && matches(c, gg, wg)) continue;
    const std::string token = "token " + std::to_string(t) + ": ";
    f.expected = token + "experts " + slice_text(wi, 8) + ", gates " + slice_text(wg, 8, 6);
    f.got = token + "experts " + slice_text(gi, 8) + ", gates " + slice_text(gg, 8, 6);
    return f;
  }
  const auto [got_text, want_text] =
      texts_that_differ(called.aux_loss.to(kt::Float64).item(), want.aux_loss.item());
  f.expected = "aux_loss = " + want_text;
  f.got = "aux_loss = " + got_text;
  return f;
}

std::optional<Failure> cannot_check(const Case& c, const Called& called, const std::string& id) {
  if (called.run.ok() && !shape_problem(c, called)) return std::nullopt;
  return could_not_check(failure_from_run(c, called), id);
}

}  // namespace grader::kata_moe_router
