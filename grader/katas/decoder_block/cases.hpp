// Random cases for the decoder_block kata's checks, the calls into the learner's
// DecoderBlock::forward and DecoderBlock::mlp, and the comparison of their outputs.
#pragma once

#include "grader/lib/kata.hpp"

#include "reference/decoder_block/decoder_block.hpp"

namespace grader::kata_decoder_block {

struct Case {
  ref::DecoderWeights w;  // random, the norm weights too (not ones)
  kt::Tensor x;           // (B, T, d_model) for forward; (..., d_model) for mlp
  bool mlp_only = false;  // the call is mlp(x), not forward(x)
  [[nodiscard]] int64_t d_model() const { return w.wq.size(0); }
  [[nodiscard]] int64_t d_ff() const { return w.w_up.size(0); }
  [[nodiscard]] std::vector<std::pair<std::string, std::string>> describe() const;
};

/// A forward case: B 1-2, T 1-5, num_heads 1-2, d_head 1-3, d_ff 1-6, Float64. For a detector
/// (Note [decoder_block detectors] in detect.hpp): T 2-5, d_head 2-3, d_ff 2-6.
Case generate_forward(bool detector = false);
/// An mlp case: x of rank 1-3 with leading axes 1-3, d_model 1-6, d_ff 1-6 (a detector's: rank 3,
/// d_model and d_ff 2-6).
Case generate_mlp(bool detector = false);

Outcome run_block_property(uint64_t seed, int cases,
                           const std::function<std::optional<Failure>()>& body);

using Called = CallWithInputs;
Called call_learner_on(const Case& c);
Run run_learner(const Case& c);
kt::Tensor run_reference(const Case& c);

/// rtol 1e-9, atol 1e-11 * (1 + the largest |expected|).
bool matches(const kt::Tensor& got, const kt::Tensor& expected);

/// The failure for a case (the case, the row where got differs most from expected).
Failure failure(const Case& c, const kt::Tensor& got, const kt::Tensor& expected,
                std::string message);
/// The failure for a call that threw or returned another shape or dtype.
Failure failure_from_run(const Case& c, const Run& run);
/// Whether the call returned x's shape, Float64.
bool shape_ok(const Case& c, const Run& run);
/// The general comparison with the reference.
std::optional<Failure> compare(const Case& c, const Run& run, const std::string& why);

}  // namespace grader::kata_decoder_block
