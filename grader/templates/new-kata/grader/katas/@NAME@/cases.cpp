#include "grader/katas/@NAME@/cases.hpp"

#include <rapidcheck.h>

#include <utility>

#include "grader/lib/remote.hpp"
#include "reference/@NAME@/@NAME@.hpp"

namespace grader::kata_@NAME@ {

namespace {

/// A tensor as text: all of it when small, else its first values.
std::string text(const kt::Tensor& t) {
  if (t.numel() <= 24) return kt::repr(t);
  return kt::repr(t.reshape({t.numel()}).narrow(0, 0, 12)) + " (the first 12 of " +
         std::to_string(t.numel()) + " values)";
}

}  // namespace

std::vector<std::pair<std::string, std::string>> Case::describe() const {
  return {{"x shape", kt::shape_str(x.sizes())}, {"x", text(x)}};
}

Case generate() {
  const auto rank = *rc::gen::inRange(1, 4).as("rank of x");
  kt::Shape shape;
  for (int d = 0; d < rank; ++d)
    shape.push_back(*rc::gen::inRange<int64_t>(1, 6).as("size of dim " + std::to_string(d)));
  const auto seed = *rc::gen::inRange<uint64_t>(0, 1000000).as("seed of x's values");
  kt::Generator gen(seed);
  return {kt::randn(shape, gen) * 3.0};
}

Run run_learner(const Case& c) {
  announce_case(c.describe());  // so a crash or a timeout still names the case
  // The learner's code runs in the learner's process (call.cpp): the case's inputs go there, what
  // the call did comes back.
  wire::Writer args;
  args.tensor(c.x);
  Run run;
  remote::call("@NAME@", args, [&](wire::Reader& r) { run = r.run(); });
  return run;
}

kt::Tensor run_reference(const Case& c) { return ref::@NAME@(c.x); }

Failure failure(const Case& c, const Run& run, std::string message) {
  Failure f;
  f.message = std::move(message);
  f.counterexample = c.describe();
  f.expected = text(run_reference(c));
  f.got = run.ok() ? text(run.out) : "threw: " + run.error;
  f.not_implemented = run.not_implemented;  // the stub: not started, whatever the message says
  if (run.out_of_memory) f.stop = Stop::OutOfMemory;  // a resource limit, not a wrong answer
  return f;
}

Failure failure_from_run(const Case& c, const Run& run) {
  Failure f = failure_from_throw(run, "@NAME@(x)");
  f.counterexample = c.describe();
  return f;
}

}  // namespace grader::kata_@NAME@
