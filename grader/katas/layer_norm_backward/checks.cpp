// The layer_norm_backward kata's general checks: the gradients' shapes, agreement with the
// reference, with central finite differences of the forward (no reference backward involved), the
// rows' identities, inputs left as they were, and arguments of the wrong size refused. Each known
// pitfall has its own detector in pitfalls/ID.cpp (see detect.hpp).
#include <rapidcheck.h>

#include <algorithm>
#include <cmath>
#include <sstream>

#include "grader/katas/layer_norm_backward/cases.hpp"
#include "grader/katas/layer_norm_backward/catalogue.hpp"
#include "grader/katas/layer_norm_backward/mistakes.hpp"
#include "grader/lib/words.hpp"
#include "reference/layer_norm_backward/layer_norm_backward.hpp"

namespace grader::kata_layer_norm_backward {
namespace {

constexpr int kCases = 100;

/// The call, or its failure when it threw or a gradient is undefined or misshapen.
std::optional<Failure> stopped(const Case& c, const Called& called) {
  if (called.run.ok() && shapes_wrong(c, called.grads).empty()) return std::nullopt;
  return failure_from_call(c, called);
}

Outcome check_shapes(uint64_t seed) {
  return run_lnb_property(seed, kCases, [&]() -> std::optional<Failure> {
    const Case c = generate(Spec{});
    return stopped(c, run_learner(c));
  });
}

Outcome check_matches_reference(uint64_t seed) {
  return run_lnb_property(seed, kCases, [&]() -> std::optional<Failure> {
    const Case c = generate(Spec{});
    const Called called = run_learner(c);
    if (auto s = stopped(c, called)) return s;
    const Grads expected = run_reference(c);
    const std::string names = differing(called.grads, expected);
    if (names.empty()) return std::nullopt;
    size_t count = 0, first = 3;
    for (size_t w = 0; w < 3; ++w)
      if (!close_grad(called.grads[w], expected[w])) first = std::min(first, w), ++count;
    const std::string others = count == 1   ? "; the other two match"
                               : count == 2 ? "; the third matches"
                                            : "";
    Failure f = failure(c, called.grads,
                        names + (count == 1 ? " differs" : " differ") +
                            " from the reference (rtol 1e-9, atol 1e-11 * (1 + the largest " +
                            "|value|))" + others + ". The row shown is " + Grads::kNames[first] +
                            "'s, where it differs most.");
    diagnose_after_shrinking(f, c);
    return f;
  });
}

/// Central differences of sum(dout * layer_norm(x, weight, bias, eps)) in every entry of x,
/// weight and bias (bias 0: it enters the objective linearly), step h.
Grads finite_differences(const Case& c, double h) {
  const kt::Tensor bias = kt::zeros({c.x.size(-1)});
  const auto objective = [&](const kt::Tensor& x, const kt::Tensor& w, const kt::Tensor& b) {
    return ref::layer_norm_objective(x, w, b, c.dout, c.eps);
  };
  const auto along = [&](const kt::Tensor& at, int which) {
    kt::Tensor out = kt::zeros(at.sizes());
    const kt::Tensor flat = at.reshape({-1});
    for (int64_t i = 0; i < flat.numel(); ++i) {
      kt::Tensor up = flat.clone(), down = flat.clone();
      up.set({i}, flat.at({i}) + h);
      down.set({i}, flat.at({i}) - h);
      const kt::Tensor u = up.reshape(at.sizes()), d = down.reshape(at.sizes());
      const double plus = which == 0   ? objective(u, c.weight, bias)
                          : which == 1 ? objective(c.x, u, bias)
                                       : objective(c.x, c.weight, u);
      const double minus = which == 0   ? objective(d, c.weight, bias)
                           : which == 1 ? objective(c.x, d, bias)
                                        : objective(c.x, c.weight, d);
      out.reshape({-1}).set({i}, (plus - minus) / (2 * h));
    }
    return out;
  };
  return {along(c.x, 0), along(c.weight, 1), along(bias, 2)};
}

Outcome check_finite_differences(uint64_t seed) {
  return run_lnb_property(seed, kCases / 4, [&]() -> std::optional<Failure> {
    const Case c = generate(Spec{});
    const Called called = run_learner(c);
    if (auto s = stopped(c, called)) return s;
    const Grads fd = finite_differences(c, 1e-5);
    std::vector<std::string> names;
    for (size_t w = 0; w < 3; ++w) {
      const double scale = kt::amax(kt::abs(fd[w])).item();
      if (!close(called.grads[w], fd[w], 1e-5, 1e-6 * (1.0 + scale)))
        names.emplace_back(Grads::kNames[w]);
    }
    if (names.empty()) return std::nullopt;
    const std::string text = and_list(names);
    Failure f;
    f.message = text + (names.size() == 1 ? " differs" : " differ") +
                " from central finite differences of L = sum(dout * layer_norm(x, weight, "
                "bias, eps)): (L(t + h) - L(t - h)) / 2h for every entry t, h = 1e-5, compared at "
                "rtol 1e-5. This check uses no reference gradient, only the forward: whatever "
                "formula you derived, the gradient must be the forward's slope.";
    f.counterexample = c.describe();
    for (size_t w = 0; w < 3; ++w) {
      const double scale = kt::amax(kt::abs(fd[w])).item();
      if (close(called.grads[w], fd[w], 1e-5, 1e-6 * (1.0 + scale))) continue;
      show_worst_row(called.grads[w], fd[w], f, Grads::kNames[w]);
      f.expected = "finite differences: " + f.expected;
      break;
    }
    return f;
  });
}

Outcome check_row_identities(uint64_t seed) {
  return run_lnb_property(seed, kCases, [&]() -> std::optional<Failure> {
    Spec spec;
    spec.constant_weight = true;
    const Case c = generate(spec);
    const Called called = run_learner(c);
    if (auto s = stopped(c, called)) return s;
    const kt::Tensor& dx = called.grads.dx;
    const auto [xhat, sigma] = normalised(c);
    // Each identity is a sum of terms of the size of g / sigma that cancel: compared at 1e-9 of
    // the sizes of the terms the right dx is made of (its own entries can be far smaller).
    const kt::Tensor g = c.dout * c.weight;
    const kt::Tensor mean_gx = kt::mean(g * xhat, -1, true);
    const kt::Tensor sum_scale =
        (kt::sum(kt::abs(g), -1, true) + kt::sum(kt::abs(xhat), -1, true) * kt::abs(mean_gx)) /
            sigma +
        1e-300;
    const kt::Tensor dot_scale =
        (kt::sum(kt::abs(g * xhat), -1, true) + kt::sum(xhat * xhat, -1, true) * kt::abs(mean_gx) +
         kt::sum(kt::abs(xhat), -1, true) * kt::abs(kt::mean(g, -1, true))) /
            sigma +
        1e-300;
    const kt::Tensor row_sums = kt::sum(dx, -1, true) / sum_scale;
    // sum(dx * x̂) = eps / (var + eps) * sum(g * x̂) / sigma: 0 but for eps's share (var + eps is
    // sigma^2).
    const kt::Tensor owed = kt::sum(g * xhat, -1, true) * (c.eps / (sigma * sigma)) / sigma;
    const kt::Tensor dots = (kt::sum(dx * xhat, -1, true) - owed) / dot_scale;
    const double worst_sum = kt::amax(kt::abs(row_sums)).item();
    const double worst_dot = kt::amax(kt::abs(dots)).item();
    if (worst_sum <= 1e-9 && worst_dot <= 1e-9) return std::nullopt;
    std::ostringstream m;
    if (worst_sum > 1e-9) {
      m << "a row of dx does not sum to 0: its sum is " << worst_sum
        << " times the size of the terms dx is made of, where it must be 0 up to rounding. Adding "
           "the same number to every x of a row changes nothing (the mean absorbs it), so the "
           "gradient has no component along (1, ..., 1). ";
    }
    if (worst_dot > 1e-9) {
      m << "a row of dx is not orthogonal to x̂ up to eps's share: sum(dx * x̂) must be eps / "
           "(var + eps) * sum(g * x̂) / sigma, and yours is off by "
        << worst_dot
        << " times the size of the terms it is made of, where it must be 0 up to rounding. "
           "Scaling a row's deviations from its mean changes nothing but eps's share, so the "
           "gradient has (almost) no component along x̂. ";
    }
    m << "Both follow from dx = (g - mean(g) - x̂ * mean(g * x̂)) / sigma.";
    Failure f = failure(c, called.grads, m.str());
    return f;
  });
}

Outcome check_inputs_unchanged(uint64_t seed) {
  return run_lnb_property(seed, kCases / 2, [&]() -> std::optional<Failure> {
    const Case c = generate(Spec{});
    const Called called = run_learner(c);
    if (!called.run.ok()) return failure_from_call(c, called);
    if (called.changed.empty()) return std::nullopt;
    const std::string names = and_list(called.changed);
    return failure(c, called.grads,
                   "your layer_norm_backward changed " + names +
                       ": after the call it no longer holds the values it was given. A "
                       "kt::Tensor copy shares its storage (like a torch.Tensor), so an in-place "
                       "op on it (copy_, fill_, masked_fill_) writes into the caller's tensor. "
                       "Compute into new tensors.");
  });
}

/// Note [layer_norm_backward's wrong sizes]
/// The statement: a weight or a dout whose sizes do not fit x's throws kt::ShapeError; sizes that
/// broadcast against x's (an axis of 1) are outside the task, as in the layer_norm and rms_norm
/// katas. kt's broadcasting throws on its own where the sizes do not fit, so this check fails only
/// code that hides them: a dout reshaped or viewed to x's shape, a size taken from the wrong
/// argument, an error caught and dropped. It draws a weight of D + 1, a dout whose last axis is
/// D + 1, and a dout with one more row on its first axis (where x's is more than 1).
Outcome check_wrong_sizes_throw(uint64_t seed) {
  return run_lnb_property(seed, kCases / 4, [&]() -> std::optional<Failure> {
    Case c = generate(Spec{});
    const kt::Shape shape = c.x.sizes();
    const int64_t d = shape.back();
    enum Bad { WeightLonger, DoutLonger, DoutMoreRows };
    const Bad bad = *rc::gen::element(WeightLonger, DoutLonger, DoutMoreRows).as(kWrongSizeDraw);
    std::string which, want;
    if (bad == WeightLonger) {
      c.weight = kt::ones({d + 1}, kt::Float64);
      which = "weight of shape " + kt::shape_str({d + 1});
      want = kt::shape_str({d});
    } else {
      kt::Shape dout_shape = shape;
      if (bad == DoutLonger) dout_shape.back() = d + 1;
      if (bad == DoutMoreRows) {
        if (shape.front() == 1) return std::nullopt;  // one more row would broadcast against x's 1
        dout_shape.front() += 1;
      }
      c.dout = kt::ones(dout_shape, kt::Float64);
      which = "dout of shape " + kt::shape_str(dout_shape);
      want = kt::shape_str(shape) + ", x's";
    }
    const Called called = run_learner(c);
    if (called.run.not_implemented || called.run.out_of_memory) return failure_from_call(c, called);
    if (!called.run.ok() && called.run.shape_error) return std::nullopt;
    Failure f;
    f.message = "with x of shape " + kt::shape_str(shape) + " and " + which + " (it must be " +
                want + "), the call must throw kt::ShapeError; it " +
                (called.run.ok() || called.run.returned_undefined ? std::string("returned")
                                                                  : "threw " + called.run.error) +
                ". kt's broadcasting throws kt::ShapeError by itself where the sizes do not fit, "
                "unless your code reads the argument entry by entry by x's sizes, or reshapes, "
                "views or expands it to the sizes wanted first, or catches the error; a check of "
                "your own should throw kt::ShapeError "
                "too, naming the argument.";
    f.counterexample = c.describe();
    f.counterexample.emplace_back("the argument of the wrong size", which);
    return f;
  });
}

const Registrar registered_shapes({"shapes", "dx has x's shape, dweight and dbias (D), all Float64",
                                   check_shapes});
const Registrar registered_matches_reference(
    {"matches_reference", "dx, dweight and dbias equal the reference (rtol 1e-9)",
     check_matches_reference});
const Registrar registered_finite_differences(
    {"finite_differences",
     "the gradients equal central finite differences of the "
     "forward (no reference)",
     check_finite_differences});
const Registrar registered_row_identities(
    {"row_identities",
     "each row of dx sums to 0, and is orthogonal to x̂ when weight is "
     "constant",
     check_row_identities});
const Registrar registered_inputs_unchanged({"inputs_unchanged",
                                             "x, weight and dout are not modified",
                                             check_inputs_unchanged});
const Registrar registered_wrong_sizes_throw(
    {"wrong_sizes_throw", "a weight or dout whose sizes do not fit x's throws kt::ShapeError",
     check_wrong_sizes_throw});

}  // namespace
}  // namespace grader::kata_layer_norm_backward
