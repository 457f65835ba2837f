// A multi-head attention case across the channel to the learner's process (Note [the learner's
// process] in grader/lib/remote.hpp): the runner writes it (run_learner in cases.cpp), the kata's
// handler (grader/katas/{mha,gqa,mha_function}/call.cpp) reads it back and calls the learner's
// code.
#pragma once

#include <functional>

#include "grader/katas/mha_family/cases.hpp"
#include "grader/learner/projections.hpp"
#include "grader/learner/serve.hpp"

namespace grader::mha {

/// The call's name on the channel: each kata of the family answers it its own way.
inline constexpr const char* kForward = "mha.forward";

inline void write_case(wire::Writer& out, const Case& c) {
  for (const int64_t v : {c.B, c.T, c.H, c.dk, c.Hkv}) out.i64(v);
  out.boolean(c.bias);
  out.boolean(c.causal);
  out.tensors({c.mask, c.x, c.w.wq, c.w.wk, c.w.wv, c.w.wo, c.w.bq, c.w.bk, c.w.bv, c.w.bo});
}

inline Case read_case(wire::Reader& in) {
  Case c;
  for (int64_t* v : {&c.B, &c.T, &c.H, &c.dk, &c.Hkv}) *v = in.i64();
  c.bias = in.boolean();
  c.causal = in.boolean();
  std::vector<kt::Tensor> t = in.tensors();
  if (t.size() != 10)
    throw wire::Malformed("an mha case of " + std::to_string(t.size()) + " tensors");
  c.mask = t[0];
  c.x = t[1];
  c.w = {t[2], t[3], t[4], t[5], t[6], t[7], t[8], t[9]};
  return c;
}

/// Runs a module kata's forward on the case: the case's weights (fresh copies) in the module's
/// four nn.Linear projections, then the overload the case asks for.
template <class Module>
kt::Tensor run_module(Module& m, const Case& c) {
  serve::load_projections(m, {c.w.wq, c.w.wk, c.w.wv, c.w.wo, c.w.bq, c.w.bk, c.w.bv, c.w.bo},
                          c.bias);
  const kt::Tensor x = c.x.clone();
  const kt::Tensor mask = c.mask.defined() ? c.mask.clone() : kt::Tensor();
  serve::learner_code_starts(serve::with_projections({{"x", x}, {"mask", mask}}, m, c.bias));
  return mask.defined() ? m.forward(x, mask) : m.forward(x, c.causal);
}

/// The handler of kForward for a kata: `run` calls the learner's code on a case (and may throw).
struct ServeForward {
  explicit ServeForward(std::function<kt::Tensor(const Case&)> run)
      : serve_(kForward, [run = std::move(run)](wire::Reader& in, wire::Writer& out) {
          const Case c = read_case(in);
          out.run(call_learner([&] { return run(c); }));
        }) {}

 private:
  serve::Serve serve_;
};

}  // namespace grader::mha
