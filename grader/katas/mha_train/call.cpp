// How the mha_train kata calls the learner's module: built with the case's weights (fresh copies)
// and mode, one generator seeded with the case's seed for all of its calls. Apart from cases.cpp so
// that the unit tests of the cases link without a learner's class.
#include "grader/katas/mha_train/cases.hpp"
#include "grader/lib/journey.hpp"
#include "mha_train.hpp"

namespace grader::kata_mha_train {

Calls run_learner(const Case& c, int calls) {
  announce_case(c.describe());  // so a crash or a timeout still names the case
  Calls result;
  result.run = call_learner([&]() -> kt::Tensor {
    MultiHeadAttention m(c.D(), c.H, c.p, c.bias);
    m.q_proj.weight = c.w.wq.clone();
    m.k_proj.weight = c.w.wk.clone();
    m.v_proj.weight = c.w.wv.clone();
    m.out_proj.weight = c.w.wo.clone();
    if (c.bias) {
      m.q_proj.bias = c.w.bq.clone();
      m.k_proj.bias = c.w.bk.clone();
      m.v_proj.bias = c.w.bv.clone();
      m.out_proj.bias = c.w.bo.clone();
    }
    if (c.training) {
      m.train();
    } else {
      m.eval();
    }
    kt::Generator gen(c.gen_seed);
    kt::Tensor out;
    for (int i = 0; i < calls; ++i) {
      const kt::Tensor x = c.x.clone();
      learner_code_starts();
      out = m.forward(x, gen, c.causal);
      if (!out.defined()) return out;
      result.outs.push_back(out.to(kt::Float64).clone());
    }
    result.gen_after = gen;
    return out;
  });
  return result;
}

}  // namespace grader::kata_mha_train
