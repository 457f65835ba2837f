// How the adamw kata's learner's process calls the learner's code (Note [the learner's process] in
// grader/lib/remote.hpp): kata::adamw_step once per gradient it was sent, on one param, one state
// and one config, as a training loop does; a copy of the param tensor made before the first call
// shares its storage and must see every update. Back go the Run (run.out: the learner's param after
// the last call), that copy's values, the state and whether a gradient changed. The runner's side
// is call_learner_on in cases.cpp; what one writes, the other reads, in the same order.
#include <cmath>

#include "adamw.hpp"
#include "grader/learner/serve.hpp"

namespace grader::kata_adamw {
namespace {

const serve::Serve call("adamw", [](wire::Reader& in, wire::Writer& out) {
  kt::Tensor param = in.tensor();
  const std::vector<kt::Tensor> grads = in.tensors();
  ::kata::AdamWState state;
  state.exp_avg = in.tensor();
  state.exp_avg_sq = in.tensor();
  state.step = in.i64();
  ::kata::AdamWConfig cfg;
  cfg.lr = in.f64();
  cfg.beta1 = in.f64();
  cfg.beta2 = in.f64();
  cfg.eps = in.f64();
  cfg.weight_decay = in.f64();
  if (!param.defined() || grads.empty() || grads.size() > 64)
    throw wire::Malformed("an adamw case with no param or no gradient");
  const kt::Tensor alias = param;  // the caller's other handle on param's storage
  std::vector<kt::Tensor> grads0;
  for (const kt::Tensor& g : grads) grads0.push_back(g.defined() ? g.clone() : g);
  out.run(call_learner([&] {
    // The first call's numbers as the statement and the steps name them: a number of the
    // learner's is read as one, its root, square or reciprocal. The bias corrections only past the
    // first step, where they would be 1 - beta1 and 1 - beta2 again (two names for one number
    // read as neither).
    std::vector<serve::NamedInput> named = {
        {"param", param},
        {"grad", grads.front()},
        {"lr", kt::scalar_tensor(cfg.lr)},
        {"beta1", kt::scalar_tensor(cfg.beta1)},
        {"beta2", kt::scalar_tensor(cfg.beta2)},
        {"eps", kt::scalar_tensor(cfg.eps)},
        {"weight_decay", kt::scalar_tensor(cfg.weight_decay)},
        {"1 - beta1", kt::scalar_tensor(1.0 - cfg.beta1)},
        {"1 - beta2", kt::scalar_tensor(1.0 - cfg.beta2)},
        {"lr * weight_decay", kt::scalar_tensor(cfg.lr * cfg.weight_decay)},
        {"1 - lr * weight_decay", kt::scalar_tensor(1.0 - cfg.lr * cfg.weight_decay)}};
    // The state's moments as given (a resumed state): an op made from the old exp_avg_sq reads
    // as one.
    if (state.exp_avg.defined()) named.push_back({"state.exp_avg", state.exp_avg});
    if (state.exp_avg_sq.defined()) named.push_back({"state.exp_avg_sq", state.exp_avg_sq});
    if (state.step > 0) {
      const auto correction = [&](double beta) {
        return 1.0 - std::pow(beta, double(state.step + 1));
      };
      named.push_back({"1 - beta1^step", kt::scalar_tensor(correction(cfg.beta1))});
      named.push_back({"1 - beta2^step", kt::scalar_tensor(correction(cfg.beta2))});
    }
    serve::learner_code_starts(named);
    for (size_t i = 0; i < grads.size(); ++i) {
      if (i > 0)
        serve::name_inputs({{"param", param},
                            {"grad", grads[i]},
                            {"state.exp_avg", state.exp_avg},
                            {"state.exp_avg_sq", state.exp_avg_sq}});
      ::kata::adamw_step(param, grads[i], state, cfg);
    }
    return param;
  }));
  out.tensor(alias);
  out.tensor(state.exp_avg);
  out.tensor(state.exp_avg_sq);
  out.i64(state.step);
  bool grad_changed = false;
  for (size_t i = 0; i < grads.size(); ++i)
    grad_changed = grad_changed || !serve::holds_copy(grads[i], grads0[i]);
  out.boolean(grad_changed);
});

}  // namespace
}  // namespace grader::kata_adamw
