// Random cases for the attention_backward kata's checks, the call into the learner's
// kata::attention_backward, and the comparison of its three gradients with the reference's.
#pragma once

#include "grader/lib/kata.hpp"

namespace grader::kata_attention_backward {

/// Ranges a check draws its cases from. The defaults are the general checks' ranges.
struct Spec {
  int64_t t_min = 1, t_max = 7, d_min = 1, d_max = 5;
  int leading_rank_max = 2;
  std::optional<bool> causal;  // unset: at random
};

struct Case {
  kt::Tensor q, k, v, dout;
  bool causal = false;
  [[nodiscard]] int64_t T() const { return q.size(-2); }
  [[nodiscard]] int64_t d() const { return q.size(-1); }
  /// The call, as the learner would write it.
  [[nodiscard]] std::string call() const;
  /// The inputs as a learner should see them with a failure.
  [[nodiscard]] std::vector<std::pair<std::string, std::string>> describe() const;
};

/// Three gradients, the learner's or the reference's (Float64).
struct Grads {
  kt::Tensor dq, dk, dv;
  /// 0 dq, 1 dk, 2 dv: the gradient a check or detector reads by number, named by kNames.
  [[nodiscard]] const kt::Tensor& operator[](int which) const {
    return which == 0 ? dq : which == 1 ? dk : dv;
  }
  static constexpr const char* kNames[3] = {"dq", "dk", "dv"};
};

/// Draws a case inside a RapidCheck property (T and d named, so shrinking shows them).
Case generate(const Spec& spec = {});
/// A case of fixed sizes, its values from seed.
Case fixed_case(kt::Shape leading, int64_t T, int64_t d, bool causal, uint64_t seed);

/// grader::run_property, minus the RapidCheck values the case's own fields show.
Outcome run_backward_property(uint64_t seed, int cases,
                              const std::function<std::optional<Failure>()>& body);

/// What the learner's call did: its three gradients, or what it threw (run.error).
struct Called {
  Run run;  // run.out is dq when the call returned three defined tensors
  Grads grads;
};
/// Calls the learner's code on copies of the case's tensors; never throws.
Called run_learner(const Case& c);

/// ref::attention_backward of the case.
Grads run_reference(const Case& c);

/// All three gradients defined, of q's shape, Float64.
bool shape_ok(const Case& c, const Called& called);

/// "dq", "dk and dv", ... : the names of the gradients of got that are not close to expected
/// (close() with the given tolerances); empty when all are.
std::string differing(const Grads& got, const Grads& expected, double rtol = kRtol,
                      double atol = kAtol);

/// The same names for the gradients that are close to expected: "dv", "dq and dk"; empty when none
/// is.
std::string matching(const Grads& got, const Grads& expected, double rtol = kRtol,
                     double atol = kAtol);

/// The failure for a case, showing the row of the first differing gradient (named in
/// `which`: "dq", "dk" or "dv") where got differs most from expected.
Failure failure(const Case& c, const Grads& got, const Grads& expected, std::string message,
                double rtol = kRtol, double atol = kAtol);
/// The failure for a call that threw, returned an undefined gradient, or another shape or dtype.
Failure failure_from_run(const Case& c, const Called& called);

}  // namespace grader::kata_attention_backward
