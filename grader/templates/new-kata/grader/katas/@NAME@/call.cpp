// How the @NAME@ kata's learner's process calls the learner's code (Note [the learner's process]
// in grader/lib/remote.hpp): @NAME@ on the x it was sent. The runner's side is run_learner in
// cases.cpp; what one writes, the other reads, in the same order.
#include "@NAME@.hpp"
#include "grader/learner/serve.hpp"

namespace grader::kata_@NAME@ {
namespace {

const serve::Serve call("@NAME@", [](wire::Reader& in, wire::Writer& out) {
  const kt::Tensor x = in.tensor();
  out.run(call_learner([&] {
    serve::learner_code_starts({{"x", x}});  // named as the statement names them
    return ::@NAME@(x);
  }));
});

}  // namespace
}  // namespace grader::kata_@NAME@
