// The @NAME@ kata's general checks. Each pitfall has its own detector in pitfalls/ID.cpp
// (./grade new-pitfall @NAME@ ID). TODO(new-kata): the checks of the kata's own task.
#include <rapidcheck.h>

#include "grader/katas/@NAME@/cases.hpp"
#include "grader/katas/@NAME@/catalogue.hpp"

namespace grader::kata_@NAME@ {
namespace {

constexpr int kCases = 100;

Outcome check_shape(uint64_t seed) {
  return run_property(seed, kCases, [&]() -> std::optional<Failure> {
    const Case c = generate();
    const Run run = run_learner(c);
    if (!run.ok()) return failure_from_run(c, run);
    if (run.out.sizes() == c.x.sizes() && run.out.dtype() == c.x.dtype()) return std::nullopt;
    return failure(c, run,
                   "the result has shape " + kt::shape_str(run.out.sizes()) +
                       "; it must have x's shape " + kt::shape_str(c.x.sizes()) + " and dtype.");
  });
}

Outcome check_matches_reference(uint64_t seed) {
  return run_property(seed, kCases, [&]() -> std::optional<Failure> {
    const Case c = generate();
    const Run run = run_learner(c);
    if (!run.ok()) return failure_from_run(c, run);
    if (close(run.out, run_reference(c))) return std::nullopt;
    Failure f = failure(c, run,
                        "the result differs from the reference (allclose with rtol 1e-9, atol "
                        "1e-12 fails).");
    diagnose_after_shrinking(f, c);  // the catalogue's entry, else the first diverging step
    return f;
  });
}

const Registrar registered_shape({"shape", "the result has x's shape and dtype", check_shape});
const Registrar registered_matches_reference({"matches_reference",
                                   "the result equals the reference (allclose rtol 1e-9, "
                                   "atol 1e-12)",
                                   check_matches_reference});

}  // namespace
}  // namespace grader::kata_@NAME@
