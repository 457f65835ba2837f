// Random cases for the sdpa kata's checks, the call into the learner's
// kata::scaled_dot_product_attention, and the comparison of its output with the reference (rows a
// query can attend nothing from may take any accepted convention).
#pragma once

#include "grader/lib/kata.hpp"

#include "reference/common/masked_rows.hpp"

namespace grader::kata_sdpa {

/// The leading axes (…) of q, k and v.
enum class Leading {
  Same,       // q, k, v share leading axes of rank 0-2
  Broadcast,  // each drops or sets to 1 some of a common leading shape of rank 1-3
};

/// How a case masks.
enum class Masking {
  Any,     // one of the four below, at random
  None,    // no mask, is_causal = false
  Causal,  // is_causal = true, no mask
  Mask,    // a random attn_mask, every query keeps a key
  MaskAndCausal,
  FullyMasked,  // an attn_mask with at least one query row entirely false
  // is_causal and an attn_mask with a row entirely false, its other rows keeping any key (one
  // causality hides, often): queries the two together leave no key to attend to.
  FullyMaskedAndCausal,
};

/// How T_q relates to T_k.
enum class Lengths {
  Any,
  FewerQueries,  // T_q <= T_k - 2 (T_k >= 3): not one short, where off-by-one mistakes coincide
  MoreQueries,   // T_k in [t_min, T_q - 1]
};

/// Ranges a check draws its cases from. The defaults are the general checks' ranges.
struct Spec {
  int64_t t_min = 1, t_max = 6, d_min = 1, d_max = 6;
  Lengths lengths = Lengths::Any;
  Leading leading = Leading::Same;
  int leading_rank_min = 0, leading_rank_max = 2;  // of Leading::Same
  Masking masking = Masking::Any;
  /// The scale detectors' widths: d_k >= 2, d_v >= 2, d_v != d_k and d_v != d_k² (so √d_k, 1,
  /// d_k and √d_v are four different scales).
  bool distinct_scales = false;
  /// Every mask row keeps a key and hides one (so inverting the mask changes every row).
  bool mask_hides_in_every_row = false;
  /// Unless the masking is FullyMasked: every query keeps a key to attend to (a causal case has
  /// T_q <= T_k, and the key a mask row keeps is one causality allows).
  bool no_empty_rows = true;
};

struct Case {
  kt::Tensor q, k, v;
  kt::Tensor mask;  // undefined: the call passes std::nullopt
  bool causal = false;
  [[nodiscard]] int64_t Tq() const { return q.size(-2); }
  [[nodiscard]] int64_t Tk() const { return k.size(-2); }
  [[nodiscard]] int64_t dk() const { return q.size(-1); }
  [[nodiscard]] int64_t dv() const { return v.size(-1); }
  /// The output's shape: (…, T_q, d_v).
  [[nodiscard]] kt::Shape out_shape() const;
  /// The call, as the learner would write it.
  [[nodiscard]] std::string call() const;
  /// The inputs as a learner should see them with a failure.
  [[nodiscard]] std::vector<std::pair<std::string, std::string>> describe() const;
};

/// Draws a case inside a RapidCheck property (lengths and widths named, so shrinking shows them).
Case generate(const Spec& spec);

/// grader::run_property, minus the RapidCheck values the case's own fields show.
Outcome run_sdpa_property(uint64_t seed, int cases,
                          const std::function<std::optional<Failure>()>& body);

/// Calls the learner's code on copies of the case's tensors (grader::Run: its output, or what it
/// threw, named).
Run run_learner(const Case& c);
/// ref::sdpa of the case, a query with no key as `rows` says.
kt::Tensor run_reference(const Case& c, ref::MaskedRows rows = ref::MaskedRows::Uniform);
/// (…, T_q) Bool: the queries that may attend to no key.
kt::Tensor empty_rows(const Case& c);

/// The output has the case's out_shape and is Float64.
bool shape_ok(const Case& c, const Run& run);
/// got equals the reference: allclose rtol 1e-9, atol 1e-12 on every query with a key to attend
/// to; a query with none may be the mean of the values, zeros, or attention over every key, within
/// rtol 1e-5, atol 1e-7 (adding -1e9 to a score rounds it to ulp(1e9) ~ 1e-7).
bool matches(const Case& c, const kt::Tensor& got);

/// Every query with no key to attend to has one of the accepted rows in got (of the right shape).
bool empty_rows_ok(const Case& c, const kt::Tensor& got);

/// The failure for a case, with the query row where got differs most from the reference.
Failure failure(const Case& c, const kt::Tensor& got, std::string message);
/// The failure for a call that threw or returned the wrong shape or dtype (not_implemented when it
/// threw kt::NotImplemented).
Failure failure_from_run(const Case& c, const Run& run);

}  // namespace grader::kata_sdpa
