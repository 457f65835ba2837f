// The decoder_block kata's general checks: forward and mlp keep x's shape, equal the reference,
// forward stays causal, and x is left as it was. Each known pitfall has its own detector in
// pitfalls/ID.cpp (see detect.hpp).
#include <rapidcheck.h>

#include "grader/katas/decoder_block/cases.hpp"
#include "grader/katas/decoder_block/catalogue.hpp"

namespace grader::kata_decoder_block {
namespace {

constexpr int kCases = 60;

Outcome check_shape(uint64_t seed) {
  return run_block_property(seed, kCases, [&]() -> std::optional<Failure> {
    const bool mlp_only = *rc::gen::arbitrary<bool>().as("mlp (else forward)");
    const Case c = mlp_only ? generate_mlp() : generate_forward();
    const Run run = run_learner(c);
    if (shape_ok(c, run)) return std::nullopt;
    return failure_from_run(c, run);
  });
}

Outcome check_mlp(uint64_t seed) {
  return run_block_property(seed, kCases, [&]() -> std::optional<Failure> {
    const Case c = generate_mlp();
    return compare(c, run_learner(c),
                   " mlp is the SwiGLU feed-forward, w_down(silu(w_gate(x)) * w_up(x)), on any "
                   "(..., d_model).");
  });
}

Outcome check_forward(uint64_t seed) {
  return run_block_property(seed, kCases, [&]() -> std::optional<Failure> {
    const Case c = generate_forward();
    return compare(c, run_learner(c),
                   " forward is h = x + attention(rms_norm(x, attn_norm_weight)), out = h + "
                   "mlp(rms_norm(h, mlp_norm_weight)).");
  });
}

Outcome check_causal(uint64_t seed) {
  return run_block_property(seed, kCases / 2, [&]() -> std::optional<Failure> {
    Case c = generate_forward();
    const int64_t t = c.x.size(1);
    if (t < 2) return std::nullopt;
    const auto keep = *rc::gen::inRange<int64_t>(1, t).as("positions kept");
    kt::Generator gen(*rc::gen::inRange<uint64_t>(0, 1000000).as("seed of the new values"));
    const Run run = run_learner(c);
    if (!shape_ok(c, run)) return failure_from_run(c, run);
    Case changed = c;
    changed.x = c.x.clone();
    changed.x.narrow(1, keep, t - keep)
        .copy_(kt::randn({c.x.size(0), t - keep, c.d_model()}, gen) * 3.0);
    const Run other = run_learner(changed);
    if (!shape_ok(changed, other)) return failure_from_run(changed, other);
    const kt::Tensor before = run.out.narrow(1, 0, keep), after = other.out.narrow(1, 0, keep);
    if (matches(after, before)) return std::nullopt;
    return failure(
        changed, after, before,
        "changing x at positions " + std::to_string(keep) +
            " and later changed the "
            "output at earlier positions: position i may only depend on x[:, :i + 1]. The "
            "given attention is causal; the rest of the block must work position by "
            "position (the norms over the last axis only, the MLP on each position).");
  });
}

Outcome check_inputs_unchanged(uint64_t seed) {
  return run_block_property(seed, kCases / 2, [&]() -> std::optional<Failure> {
    const Case c = generate_forward();
    const Called called = call_learner_on(c);
    if (!called.run.ok()) return failure_from_run(c, called.run);
    if (called.changed.empty()) return std::nullopt;
    return failure(c, called.run.out, run_reference(c),
                   "your forward changed x: after the call it no longer holds the values it was "
                   "given. A kt::Tensor copy shares its storage (like a torch.Tensor), so an "
                   "in-place op on it (copy_, fill_) writes into the caller's tensor. Compute the "
                   "residual sums into new tensors: x + attention(...).");
  });
}

const Registrar registered_shape({"shape", "forward and mlp keep x's shape, Float64", check_shape});
const Registrar registered_mlp({"mlp", "mlp(x) equals the reference SwiGLU (rtol 1e-9)",
                                check_mlp});
const Registrar registered_forward({"forward", "forward(x) equals the reference block (rtol 1e-9)",
                                    check_forward});
const Registrar registered_causal({"causal",
                                   "the output at position i does not depend on later positions",
                                   check_causal});
const Registrar registered_inputs_unchanged({"inputs_unchanged", "x is not modified",
                                             check_inputs_unchanged});

}  // namespace
}  // namespace grader::kata_decoder_block
