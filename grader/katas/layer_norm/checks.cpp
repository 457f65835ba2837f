// The layer_norm kata's general checks: shape and dtype, agreement with the reference on moderate
// rows (Float64 and Float32) and on rows whose variance is near eps, D = 1, inputs left as they
// were, and a weight of the wrong size refused. Each known pitfall has its own detector in
// pitfalls/ID.cpp (see detect.hpp).
#include <rapidcheck.h>

#include <sstream>

#include "grader/katas/layer_norm/cases.hpp"
#include "grader/katas/layer_norm/catalogue.hpp"
#include "grader/lib/words.hpp"

namespace grader::kata_layer_norm {
namespace {

constexpr int kCases = 100;

Outcome check_shape(uint64_t seed) {
  return run_layer_norm_property(seed, kCases, [&]() -> std::optional<Failure> {
    const Case c = generate(Spec{});
    return kata().shape_check(c, run_learner(c));
  });
}

Outcome check_matches_reference(uint64_t seed) {
  return run_layer_norm_property(seed, kCases, [&]() -> std::optional<Failure> {
    const Case c = generate(Spec{});
    return kata().compare(c, run_learner(c), " The row shown is the one where they differ most.");
  });
}

Outcome check_any_layout(uint64_t seed) {
  return run_layer_norm_property(seed, kCases / 2, [&]() -> std::optional<Failure> {
    Spec spec;
    spec.shape.rank_min = 2;
    return norm_family::any_layout(kata(), "layer_norm", generate(spec));
  });
}

Outcome check_small_variance(uint64_t seed) {
  return run_layer_norm_property(seed, kCases, [&]() -> std::optional<Failure> {
    Spec spec;
    spec.values = Values::SmallVariance;
    spec.float64_only = true;
    const Case c = generate(spec);
    std::ostringstream why;
    why << " These rows vary by about 0.003, so their variance (about 1e-5) is no larger than eps "
           "= "
        << c.eps
        << ", and where eps goes matters: it is added to the variance inside the square root, "
           "sqrt(var + eps), and nowhere else.";
    return kata().compare(c, run_learner(c), why.str());
  });
}

Outcome check_one_feature(uint64_t seed) {
  return run_layer_norm_property(seed, kCases / 2, [&]() -> std::optional<Failure> {
    Spec spec;
    spec.shape.d_min = spec.shape.d_max = 1;
    const Case c = generate(spec);
    return kata().compare(
        c, run_learner(c),
        " With D = 1 each row is its own mean: x - mean is 0, the variance is 0 (divided by D = "
        "1; divided by D - 1 it is 0 / 0 = NaN), so the output is bias, exactly.");
  });
}

Outcome check_inputs_unchanged(uint64_t seed) {
  return run_layer_norm_property(seed, kCases / 2, [&]() -> std::optional<Failure> {
    const Case c = generate(Spec{});
    const Called called = call_learner_on(c);
    if (!called.run.ok()) return kata().failure_from_run(c, called.run);
    if (called.changed.empty()) return std::nullopt;
    const std::string names = and_list(called.changed);
    Failure f = kata().failure(c, called.run.out, run_reference(c),
                               "your layer_norm changed " + names +
                                   ": after the call it no longer holds the values it was given. "
                                   "A kt::Tensor copy shares its storage (like a torch.Tensor), "
                                   "so an in-place op on it (copy_, fill_, masked_fill_) writes "
                                   "into the caller's tensor. Compute into new tensors: x - mean, "
                                   "kt::sqrt(...), ... each return one.");
    return f;
  });
}

Outcome check_wrong_sizes_throw(uint64_t seed) {
  return run_layer_norm_property(seed, kCases / 4, [&]() -> std::optional<Failure> {
    Spec spec;
    spec.shape.d_min = 2;
    spec.float64_only = true;
    Case c = generate(spec);
    const int64_t d = c.x.size(-1);
    const bool bad_weight = *rc::gen::arbitrary<bool>().as("the weight has the wrong size");
    (bad_weight ? c.weight : c.bias) = kt::ones({d + 1}, kt::Float64);
    const Run run = run_learner(c);
    if (run.not_implemented || run.out_of_memory) return kata().failure_from_run(c, run);
    if (!run.ok() && run.shape_error) return std::nullopt;
    const std::string which = bad_weight ? "weight" : "bias";
    Failure f;
    f.message = "with x of shape " + kt::shape_str(c.x.sizes()) + " and " + which + " of shape [" +
                std::to_string(d + 1) + "] (it must be [" + std::to_string(d) +
                "]), the call must throw kt::ShapeError; it " +
                (run.ok() ? "returned a tensor of shape " + kt::shape_str(run.out.sizes())
                          : "threw " + run.error) +
                ". kt's broadcasting throws kt::ShapeError by itself when x̂ * weight or + bias "
                "do not fit; a check of your own should throw kt::ShapeError too, naming the "
                "argument.";
    f.counterexample = c.describe();
    return f;
  });
}

const Registrar registered_shape({"shape", "layer_norm returns x's shape and dtype, any rank",
                                  check_shape});
const Registrar registered_matches_reference(
    {"matches_reference",
     "layer_norm equals the reference (allclose rtol 1e-9 in "
     "Float64, rtol 1e-4 and atol 1e-4 in Float32)",
     check_matches_reference});
const Registrar registered_any_layout(
    {"any_layout", "the same when x is a transposed copy or a slice of a wider tensor",
     check_any_layout});
const Registrar registered_small_variance(
    {"small_variance", "rows whose variance is near eps: eps inside the square root",
     check_small_variance});
const Registrar registered_one_feature({"one_feature", "D = 1 gives bias", check_one_feature});
const Registrar registered_inputs_unchanged({"inputs_unchanged",
                                             "x, weight and bias are not modified",
                                             check_inputs_unchanged});
const Registrar registered_wrong_sizes_throw(
    {"wrong_sizes_throw", "a weight or bias of another size than D throws kt::ShapeError",
     check_wrong_sizes_throw});

}  // namespace
}  // namespace grader::kata_layer_norm
