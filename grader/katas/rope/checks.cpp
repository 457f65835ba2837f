// The rope kata's general checks: shape and dtype; agreement with the reference at short and long
// positions and in any memory layout; and three properties of a rotation that need no reference
// (lengths kept, dot products that depend on distances only, a sequence continued from start_pos);
// and x left as it was given.
// Each known pitfall has its own detector in pitfalls/ID.cpp (see detect.hpp).
#include <rapidcheck.h>

#include <cmath>

#include "grader/katas/rope/cases.hpp"
#include "grader/katas/rope/catalogue.hpp"

namespace grader::kata_rope {
namespace {

constexpr int kCases = 100;

Outcome check_shape(uint64_t seed) {
  return run_rope_property(seed, kCases, [&]() -> std::optional<Failure> {
    const Case c = generate(Spec{});
    return kata().shape_check(c, run_learner(c));
  });
}

Outcome check_matches_reference(uint64_t seed) {
  return run_rope_property(seed, kCases, [&]() -> std::optional<Failure> {
    const Case c = generate(Spec{});
    return kata().compare(
        c, run_learner(c),
        " The row shown is the one (batch, head, position) where they differ most.");
  });
}

Outcome check_any_layout(uint64_t seed) {
  return run_rope_property(seed, kCases, [&]() -> std::optional<Failure> {
    Spec spec;
    spec.layout = Layout::Any;
    const Case c = generate(spec);
    const std::string why =
        c.x.is_contiguous()
            ? " x is contiguous here, so the layout is not the cause."
            : " x is " + c.layout +
                  ": RoPE is applied to q and k right after they are split into heads, so x is "
                  "often not contiguous. Use ops that work on any layout (narrow, cat, "
                  "arithmetic), or make x contiguous first.";
    return kata().compare(c, run_learner(c), why);
  });
}

Outcome check_long_contexts(uint64_t seed) {
  return run_rope_property(seed, kCases, [&]() -> std::optional<Failure> {
    Spec spec;
    spec.start_min = 1000;
    spec.start_max = 100000;
    spec.float32 = false;
    const Case c = generate(spec);
    const Run run = run_learner(c);
    // Rounding at these angles reaches about 1e-11; a larger difference is a mistake of its own.
    const bool rounding = kata().shape_ok(c, run) && close(run.out, run_reference(c), 1e-6, 1e-6);
    return kata().compare(
        c, run,
        " start_pos is large here (" + std::to_string(c.start_pos) +
            "), as in a long context: the angles are thousands of radians" +
            (rounding ? ", and Float64 keeps them exact to about 1e-11: compute the angle "
                        "position * inv_freq in Float64 and take cos and sin of it directly."
                      : ". The difference is far larger than rounding: the rotation itself is "
                        "wrong at these positions."));
  });
}

/// ||out[row]|| for every row of d values, Float64.
kt::Tensor row_norms(const kt::Tensor& t) {
  return kt::sqrt(kt::sum(kt::pow(t.to(kt::Float64), 2.0), -1));
}

/// "(b, h, t)" of the row index r of a (B, H, T, d) tensor viewed as rows.
std::string row_name(const kt::Tensor& x, int64_t r) {
  const int64_t T = x.size(2), H = x.size(1);
  return "(batch " + std::to_string(r / (H * T)) + ", head " + std::to_string((r / T) % H) +
         ", position row t = " + std::to_string(r % T) + ")";
}

/// A failure of a property the reference has, with the diagnosis of the learner's output on the
/// case (a catalogued mistake joins it to matches_reference's cause; none when the output there is
/// right).
Failure diagnosed(const Case& c, Failure f) {
  if (kata().diagnose) kata().diagnose(f, c);
  return f;
}

Outcome check_norm_preserved(uint64_t seed) {
  return run_rope_property(seed, kCases, [&]() -> std::optional<Failure> {
    Spec spec;
    spec.float32 = false;
    const Case c = generate(spec);
    const Run run = run_learner(c);
    if (!kata().shape_ok(c, run)) return kata().failure_from_run(c, run);
    const std::vector<double> want = row_norms(c.x).to_vector<double>();
    const std::vector<double> got = row_norms(run.out).to_vector<double>();
    for (size_t r = 0; r < want.size(); ++r) {
      if (std::abs(got[r] - want[r]) <= 1e-9 * want[r] + 1e-12) continue;
      const auto [in_x, in_yours] = texts_that_differ(want[r], got[r]);
      return diagnosed(
          c,
          kata().failure(
              c, run.out, run_reference(c),
              "row " + row_name(c.x, int64_t(r)) + " has length " + in_x + " in x and " + in_yours +
                  " in your result. A rotation keeps every pair's length, so every row keeps its "
                  "length: each output pair must be (a cos - b sin, b cos + a sin) of the same "
                  "input pair (a, b) and the same angle."));
    }
    return std::nullopt;
  });
}

Outcome check_relative_positions(uint64_t seed) {
  return run_rope_property(seed, kCases, [&]() -> std::optional<Failure> {
    Spec spec;
    spec.float32 = false;
    const Case q = generate(spec);
    const auto shift = *rc::gen::inRange<int64_t>(1, 50).as("shift of both positions");
    Case k = q;
    kt::Generator gen(*rc::gen::inRange<uint64_t>(0, 1000000).as("seed of k's values"));
    k.x = kt::randn(q.x.sizes(), gen) * 2.0;
    k.start_pos = *rc::gen::inRange<int64_t>(0, 65).as("start_pos of k");
    const auto run_at = [](Case c, int64_t by) {
      c.start_pos += by;
      return run_learner(c);
    };
    const Run q0 = run_learner(q), k0 = run_learner(k), q1 = run_at(q, shift),
              k1 = run_at(k, shift);
    for (const Run* r : {&q0, &k0, &q1, &k1})
      if (!kata().shape_ok(q, *r)) return kata().failure_from_run(q, *r);
    // Every query row against every key row of the same batch entry and head.
    const kt::Tensor before = kt::matmul(q0.out, k0.out.transpose(-2, -1));
    const kt::Tensor after = kt::matmul(q1.out, k1.out.transpose(-2, -1));
    if (close(after, before, 1e-9, 1e-10)) return std::nullopt;
    // (k's start_pos and the shift are in the case as generated.)
    return diagnosed(
        q, kata().failure(q, after, before,
                          "moving both q and k " + std::to_string(shift) +
                              (shift == 1 ? " position" : " positions") + " further (start_pos " +
                              std::to_string(q.start_pos) + " -> " +
                              std::to_string(q.start_pos + shift) + " for q, " +
                              std::to_string(k.start_pos) + " -> " +
                              std::to_string(k.start_pos + shift) +
                              " for k) changed the dot products q . k. RoPE's point is that they "
                              "depend only on the distance between the positions: every pair must "
                              "turn by an angle proportional to its position, at the same "
                              "frequency in q and in k. The rows shown are the dot products of "
                              "the query row where they changed most (expected: before the shift, "
                              "got: after)."));
  });
}

Outcome check_continues_from_start_pos(uint64_t seed) {
  return run_rope_property(seed, kCases, [&]() -> std::optional<Failure> {
    Spec spec;
    spec.T_min = 2;
    spec.float32 = false;
    const Case whole = generate(spec);
    const auto from = *rc::gen::inRange<int64_t>(1, whole.T()).as("the tail starts at row");
    Case tail = whole;
    tail.x = whole.x.narrow(2, from, whole.T() - from).contiguous();
    tail.start_pos = whole.start_pos + from;
    const Run all = run_learner(whole), part = run_learner(tail);
    if (!kata().shape_ok(whole, all)) return kata().failure_from_run(whole, all);
    if (!kata().shape_ok(tail, part)) return kata().failure_from_run(tail, part);
    const kt::Tensor same_rows = all.out.narrow(2, from, whole.T() - from);
    if (close(part.out, same_rows, 1e-9, 1e-12)) return std::nullopt;
    Failure f = kata().failure(
        tail, part.out, same_rows,
        "rows " + std::to_string(from) + ".." + std::to_string(whole.T() - 1) +
            " of x rotated alone with start_pos = " + std::to_string(tail.start_pos) +
            " differ from the same rows rotated as part of the whole x with "
            "start_pos = " +
            std::to_string(whole.start_pos) +
            " (expected: rotated in the whole sequence; got: rotated alone). A "
            "row's rotation depends only on its position start_pos + t, which "
            "is how a decoder rotates a new token: alone, at the cache's length.");
    f.counterexample.push_back({"the tail starts at row", std::to_string(from)});
    return diagnosed(tail, std::move(f));
  });
}

Outcome check_inputs_unchanged(uint64_t seed) {
  return run_rope_property(seed, kCases / 2, [&]() -> std::optional<Failure> {
    Spec spec;
    spec.layout = Layout::Any;
    const Case c = generate(spec);
    const Called called = call_learner_on(c);
    if (!called.run.ok()) return kata().failure_from_run(c, called.run);
    if (!called.x_changed) return std::nullopt;
    Failure f;
    f.counterexample = c.describe();
    f.message =
        ("your apply_rope changed x: after the call it no longer holds the values it was given, "
         "and the statement says x is not modified. A kt::Tensor copy shares its storage (like a "
         "torch.Tensor), and so does x.contiguous() when x is contiguous already: an in-place op "
         "on either (copy_, mul_, narrow(...).copy_) writes into the caller's x. Build the result "
         "from new tensors (x * cos, kt::cat, ...), or from x.clone().");
    return f;
  });
}

const Registrar registered_shape({"shape", "the result has x's shape and dtype", check_shape});
const Registrar registered_matches_reference(
    {"matches_reference",
     "the result equals the reference (allclose rtol 1e-9, atol "
     "from 1e-12 growing with the position)",
     check_matches_reference});
const Registrar registered_any_layout(
    {"any_layout", "the same when x is a transposed view or a slice of a wider tensor",
     check_any_layout});
const Registrar registered_long_contexts({"long_contexts", "the same at start_pos up to 100000",
                                          check_long_contexts});
const Registrar registered_norm_preserved({"norm_preserved", "every row keeps its length",
                                           check_norm_preserved});
const Registrar registered_inputs_unchanged({"inputs_unchanged", "x is not modified",
                                             check_inputs_unchanged});
const Registrar registered_relative_positions(
    {"relative_positions",
     "q . k is unchanged when both positions move by the same "
     "amount",
     check_relative_positions});
const Registrar registered_continues_from_start_pos(
    {"continues_from_start_pos",
     "rows rotated alone from start_pos + t0 equal the same rows of the "
     "whole sequence",
     check_continues_from_start_pos});

}  // namespace
}  // namespace grader::kata_rope
