// Random cases for the moe_router kata's checks (router logits and k), the call into the learner's
// kata::route_top_k, and the comparison of the routing it returns (the experts exactly, the gates
// and the loss at the tolerance of the logits' dtype).
#pragma once

#include "grader/lib/kata.hpp"

#include "reference/moe_router/moe_router.hpp"

namespace grader::kata_moe_router {

/// The values a case's logits take.
enum class Logits {
  Spread,  // 2 * randn, every two of a row at least 0.05 apart (no near-ties)
  Ties,    // whole numbers from 0 to 2: exact ties in most rows
  Large,   // 8 * randn + 1000, spread; a third 800 lower: exp overflows unless the maximum is taken
           // out, and the far ones' probabilities are exactly 0 (ties)
};

/// Ranges a check draws its cases from. The defaults are the general checks' ranges.
struct Spec {
  int64_t n_min = 1, n_max = 6;  // tokens
  int64_t e_min = 2, e_max = 8;  // experts
  bool k_below_e = false;        // k from 1 to E - 1 (else 1 to E)
  bool k_at_least_2 = false;
  Logits logits = Logits::Spread;
  bool float64_only = false;
};

/// The pitfall detectors' preset (Note [moe_router detectors] in detect.hpp).
Spec detector_spec();

struct Case {
  kt::Tensor logits;
  int64_t k = 1;
  std::string values;  // how the logits were drawn, for the learner
  /// The inputs as a learner should see them with a failure.
  [[nodiscard]] std::vector<std::pair<std::string, std::string>> describe() const;
};

/// Draws a case inside a RapidCheck property.
Case generate(const Spec& spec);

/// Whether some token's probability is exactly 0 in either dtype (a logit 745 or more below its
/// row's maximum): those tie, the lower id first.
bool has_zero_probabilities(const Case& c);

/// grader::run_property, minus the RapidCheck values that only build what the case shows.
Outcome run_moe_router_property(uint64_t seed, int cases,
                                const std::function<std::optional<Failure>()>& body);

/// What kata::route_top_k returned (run.out: the gate) and whether it changed the logits.
struct Called {
  Run run;
  kt::Tensor expert_index, aux_loss;
  bool changed = false;
};
Called call_learner_on(const Case& c);
ref::Routing run_reference(const Case& c);

/// The routing exact arithmetic gives, which is also right (Note [moe_router's tolerances]): each
/// token's experts ordered by their logits, so that those whose probabilities are 0 in floating
/// point come by decreasing logit, not by id; the gates and aux_loss of that choice.
ref::Routing routing_by_logits(const Case& c);

/// The routing as one Float64 vector: expert_index, gate (row-major), aux_loss; undefined unless
/// the three have the shapes (N, k), (N, k) and [] (any dtype). What the detectors and the
/// catalogue compare.
kt::Tensor packed(const kt::Tensor& expert_index, const kt::Tensor& gate, const kt::Tensor& aux);
kt::Tensor packed(const ref::Routing& r);
kt::Tensor packed(const Called& called);

/// Whether a float (gate, aux_loss) equals expected at the case's tolerance: rtol 1e-9 / atol
/// 1e-12 in Float64, rtol 1e-5 / atol 1e-6 in Float32.
bool matches(const Case& c, const kt::Tensor& got, const kt::Tensor& expected);
std::string tolerance_text(const Case& c);

/// "route_top_k(router_logits, 2)".
std::string call_text(const Case& c);

/// Whether the three outputs have their shapes and dtypes; else what is wrong, in words.
std::optional<std::string> shape_problem(const Case& c, const Called& called);
/// The failure for a call that threw or returned wrong shapes or dtypes (not_implemented when it
/// threw kt::NotImplemented).
Failure failure_from_run(const Case& c, const Called& called);
/// The failure for a case: the message, the case, and the first token whose routing differs.
Failure failure(const Case& c, const Called& called, std::string message);
/// A detector's failure for a call it could not check, or none.
std::optional<Failure> cannot_check(const Case& c, const Called& called, const std::string& id);

}  // namespace grader::kata_moe_router
