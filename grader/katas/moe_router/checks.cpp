// The moe_router kata's general checks: the three outputs' shapes and dtypes, each token's
// experts, their gates and the load-balancing loss against the reference, ties broken towards the
// lower id, logits far from 0, the logits left as they were, and arguments outside the API
// refused. Each known pitfall has its own detector in pitfalls/ID.cpp (see detect.hpp).
#include <rapidcheck.h>

#include "grader/katas/moe_router/cases.hpp"
#include "grader/katas/moe_router/catalogue.hpp"

namespace grader::kata_moe_router {
namespace {

constexpr int kCases = 100;

enum class Part { Experts, Gates, Loss, All };

/// " Your code picks expert 0 twice for token 2: ..." for the first token whose experts repeat one,
/// else "".
std::string repeated_expert(const kt::Tensor& index) {
  const int64_t n = index.size(0), k = index.size(1);
  const std::vector<int64_t> v = index.contiguous().to_vector<int64_t>();
  for (int64_t t = 0; t < n; ++t)
    for (int64_t i = 0; i < k; ++i)
      for (int64_t j = 0; j < i; ++j)
        if (v[size_t(t * k + i)] == v[size_t(t * k + j)])
          return " Your code picks expert " + std::to_string(v[size_t(t * k + i)]) +
                 " twice for token " + std::to_string(t) +
                 ": a token's k experts are k different ones. A value that masks an expert "
                 "already picked must be below every value left (a logit can be below -1, a "
                 "probability exactly 0).";
  return "";
}

/// The failure for a case whose routing differs from the reference in `part`, or none.
std::optional<Failure> compare(const Case& c, const Called& called, Part part,
                               const std::string& why) {
  if (!called.run.ok() || shape_problem(c, called)) return failure_from_run(c, called);
  ref::Routing want = run_reference(c);
  // Experts whose probabilities are 0 in floating point may come by id or by logit (Note
  // [moe_router's tolerances]): code that routes as exact arithmetic does is judged by that.
  if (has_zero_probabilities(c)) {
    ref::Routing exact = routing_by_logits(c);
    if (called.expert_index.defined() && kt::equal(called.expert_index, exact.expert_index))
      want = std::move(exact);
  }
  const bool experts = kt::equal(called.expert_index, want.expert_index);
  const bool gates = matches(c, called.run.out, want.gate);
  const bool loss = matches(c, called.aux_loss, want.aux_loss);
  std::string message;
  if ((part == Part::Experts || part == Part::All) && !experts)
    message =
        "some token's experts differ from the reference (each token's k most probable, "
        "most probable first, ties to the lower id)." +
        repeated_expert(called.expert_index);
  else if ((part == Part::Gates || part == Part::All) && !gates)
    message = std::string(experts ? "the experts are right but " : "") +
              "the gates differ from the reference: allclose fails at " + tolerance_text(c) +
              ". A token's gates are its k probabilities divided by their sum.";
  else if ((part == Part::Loss || part == Part::All) && !loss)
    message = std::string(experts && gates ? "the experts and gates are right but " : "") +
              "aux_loss differs from the reference: allclose fails at " + tolerance_text(c) +
              ". aux_loss = E * sum over e of f_e * P_e, f_e = (assignments to e) / (N * k), "
              "P_e = the mean of probs[:, e] over the tokens.";
  if (message.empty()) return std::nullopt;
  Failure f = failure(c, called, message + why);
  diagnose_after_shrinking(f, c);
  return f;
}

Outcome check_shapes(uint64_t seed) {
  return run_moe_router_property(seed, kCases, [&]() -> std::optional<Failure> {
    const Case c = generate(Spec{});
    const Called called = call_learner_on(c);
    if (called.run.ok() && !shape_problem(c, called)) return std::nullopt;
    return failure_from_run(c, called);
  });
}

Outcome check_top_experts(uint64_t seed) {
  return run_moe_router_property(seed, kCases, [&]() -> std::optional<Failure> {
    const Case c = generate(Spec{});
    return compare(c, call_learner_on(c), Part::Experts,
                   " Shown: the first token whose routing differs.");
  });
}

Outcome check_gates(uint64_t seed) {
  return run_moe_router_property(seed, kCases, [&]() -> std::optional<Failure> {
    const Case c = generate(Spec{});
    return compare(c, call_learner_on(c), Part::Gates,
                   " Shown: the first token whose routing differs.");
  });
}

Outcome check_aux_loss(uint64_t seed) {
  return run_moe_router_property(seed, kCases, [&]() -> std::optional<Failure> {
    const Case c = generate(Spec{});
    return compare(c, call_learner_on(c), Part::Loss, "");
  });
}

Outcome check_ties(uint64_t seed) {
  return run_moe_router_property(seed, kCases / 2, [&]() -> std::optional<Failure> {
    Spec spec;
    spec.logits = Logits::Ties;
    spec.float64_only = true;
    const Case c = generate(spec);
    return compare(c, call_learner_on(c), Part::All,
                   " These logits are whole numbers, so most rows have equal probabilities: "
                   "among equal ones the lower expert id comes first (torch.topk does not "
                   "promise an order; this kata does, as a stable descending sort or the first "
                   "maximum gives it).");
  });
}

Outcome check_large_logits(uint64_t seed) {
  return run_moe_router_property(seed, kCases / 2, [&]() -> std::optional<Failure> {
    Spec spec;
    spec.logits = Logits::Large;
    const Case c = generate(spec);
    return compare(c, call_learner_on(c), Part::All,
                   " These logits are about 1000: exp(1000) overflows Float64 (it is inf past "
                   "about 709, and Float32's past 88), so the softmax must subtract each row's "
                   "maximum first, as kt::softmax does." +
                       std::string(has_zero_probabilities(c)
                                       ? " Some are 800 below their row's maximum: their "
                                         "probabilities are exactly 0. Among those, the lower id "
                                         "first (equal probabilities) and the larger logit first "
                                         "(exact arithmetic) are both right, but an expert "
                                         "already picked is never picked again."
                                       : ""));
  });
}

Outcome check_inputs_unchanged(uint64_t seed) {
  return run_moe_router_property(seed, kCases / 2, [&]() -> std::optional<Failure> {
    const Case c = generate(Spec{});
    const Called called = call_learner_on(c);
    if (!called.run.ok()) return failure_from_run(c, called);
    if (!called.changed) return std::nullopt;
    Failure f;
    f.message =
        "your route_top_k changed router_logits: after the call it no longer holds the values it "
        "was given. A kt::Tensor copy shares its storage (like a torch.Tensor), so an in-place op "
        "on it (masked_fill_ to hide the experts already chosen, say) writes into the caller's "
        "logits. Work on a clone, or use masked_fill, which returns a new tensor.";
    f.counterexample = c.describe();
    return f;
  });
}

Outcome check_bad_arguments_throw(uint64_t seed) {
  return run_moe_router_property(seed, kCases / 4, [&]() -> std::optional<Failure> {
    Spec spec;
    spec.float64_only = true;
    Case c = generate(spec);
    const int64_t e = c.logits.size(1);
    const auto which = *rc::gen::inRange(0, 5).as("which argument is outside the API");
    std::string what;
    switch (which) {
      case 0:
        c.k = 0;
        what = "k = 0 (k must be at least 1)";
        break;
      case 1:
        c.k = e + 1;
        what = "k = " + std::to_string(e + 1) + " with E = " + std::to_string(e) +
               " experts (k must be at most E)";
        break;
      case 2:
        c.logits = c.logits.reshape({-1});
        c.k = 1;
        what = "1-D router_logits of shape " + kt::shape_str(c.logits.sizes()) +
               " (they must be 2-D, (N, E))";
        break;
      case 3:
        c.logits = kt::zeros({0, e}, kt::Float64);
        c.k = 1;
        what = "router_logits of shape " + kt::shape_str(c.logits.sizes()) +
               " (N = 0 tokens; N must be at least 1)";
        break;
      default:
        c.logits = c.logits.to(kt::Int64);
        c.k = 1;
        what = "Int64 router_logits (they must be Float32 or Float64)";
        break;
    }
    const Called called = call_learner_on(c);
    const Run& run = called.run;
    if (run.not_implemented || run.out_of_memory) return failure_from_run(c, called);
    if (!run.ok() && run.value_error) return std::nullopt;
    Failure f;
    f.message = "with " + what + ", the call must throw kt::ValueError; it " +
                (run.ok() ? std::string("returned") : "threw " + run.error) +
                ". Check the arguments first and throw kt::ValueError with a message that names "
                "the argument and why.";
    f.counterexample = c.describe();
    return f;
  });
}

const Registrar registered_shapes(
    {"shapes",
     "expert_index (N, k) Int64, gate (N, k) and aux_loss 0-d in the logits' "
     "dtype",
     check_shapes});
const Registrar registered_top_experts({"top_experts",
                                        "each token's k most probable experts, most probable first",
                                        check_top_experts});
const Registrar registered_gates({"gates",
                                  "the gates are the k probabilities over their sum (rtol 1e-9 in "
                                  "Float64, 1e-5 in Float32)",
                                  check_gates});
const Registrar registered_aux_loss({"aux_loss", "aux_loss = E * sum of f_e * P_e",
                                     check_aux_loss});
const Registrar registered_ties({"ties", "equal probabilities: the lower expert id first",
                                 check_ties});
const Registrar registered_large_logits({"large_logits", "logits about 1000 route without overflow",
                                         check_large_logits});
const Registrar registered_inputs_unchanged({"inputs_unchanged", "router_logits is not modified",
                                             check_inputs_unchanged});
const Registrar registered_bad_arguments_throw(
    {"bad_arguments_throw",
     "k outside [1, E], N = 0, logits not 2-D or not floating "
     "throw kt::ValueError",
     check_bad_arguments_throw});

}  // namespace
}  // namespace grader::kata_moe_router
