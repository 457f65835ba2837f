// How the mha_train kata's learner's process calls the learner's module (Note [the learner's
// process] in grader/lib/remote.hpp): built with the case's weights (fresh copies) and mode, one
// generator seeded with the case's seed for all of its calls; every output goes back, and the
// generator as the calls left it (the learner's process's own report of its draws).
#include <type_traits>

#include "grader/learner/projections.hpp"
#include "grader/learner/serve.hpp"
#include "mha_train.hpp"

namespace grader::kata_mha_train {
namespace {

static_assert(std::is_trivially_copyable_v<kt::Generator>, "sent as its bytes");

const serve::Serve forward_calls("mha_train", [](wire::Reader& in, wire::Writer& out) {
  const int64_t H = in.i64(), d_head = in.i64(), calls = in.i64();
  const bool bias = in.boolean(), causal = in.boolean(), training = in.boolean();
  const double p = in.f64();
  const uint64_t gen_seed = in.u64();
  const std::vector<kt::Tensor> t = in.tensors();
  if (t.size() != 9 || calls < 0 || calls > 1000)
    throw wire::Malformed("an mha_train case that is not x and eight weights");
  std::vector<kt::Tensor> outs;
  kt::Generator gen(gen_seed);
  const Run run = call_learner([&]() -> kt::Tensor {
    MultiHeadAttention m(H * d_head, H, p, bias);
    serve::load_projections(m, {t[1], t[2], t[3], t[4], t[5], t[6], t[7], t[8]}, bias);
    if (training) {
      m.train();
    } else {
      m.eval();
    }
    kt::Tensor o;
    for (int64_t i = 0; i < calls; ++i) {
      const kt::Tensor x = t[0].clone();
      serve::learner_code_starts(serve::with_projections({{"x", x}}, m, bias));
      o = m.forward(x, gen, causal);
      if (!o.defined()) return o;
      outs.push_back(o.to(kt::Float64).clone());
    }
    return o;
  });
  out.run(run);
  out.tensors(outs);
  out.raw(&gen, sizeof gen);
});

}  // namespace
}  // namespace grader::kata_mha_train
