// How the moe_router kata's learner's process calls the learner's code (Note [the learner's
// process] in grader/lib/remote.hpp): kata::route_top_k on the logits and k it was sent. Back go
// the Run (run.out: the gate), then expert_index and aux_loss as the call returned them, and
// whether the logits changed. The runner's side is call_learner_on in cases.cpp; what one writes,
// the other reads, in the same order.
#include "grader/learner/serve.hpp"
#include "moe_router.hpp"

namespace grader::kata_moe_router {
namespace {

const serve::Serve call("moe_router", [](wire::Reader& in, wire::Writer& out) {
  const kt::Tensor logits = in.tensor();
  const int64_t k = in.i64();
  const kt::Tensor logits0 = logits.defined() ? logits.clone() : logits;
  ::kata::Routing routing;
  out.run(call_learner([&] {
    serve::learner_code_starts({{"router_logits", logits}});
    routing = ::kata::route_top_k(logits, k);
    return routing.gate;
  }));
  out.tensor(routing.expert_index);
  out.tensor(routing.aux_loss);
  out.boolean(logits.defined() && !serve::holds_copy(logits, logits0));
});

}  // namespace
}  // namespace grader::kata_moe_router
