// How the mha_function kata's learner's process calls the learner's code: kata::mha with the case's
// weights as the function takes them (x @ W, so the transposes of the nn.Linear weights the cases
// hold), and a causal case's mask given as the causal tril(ones(T, T)).
#include <optional>

#include "grader/katas/mha_family/call.hpp"
#include "mha_function.hpp"

namespace grader::mha {
namespace {

/// nn.Linear's weight w (y = x wᵀ) as this kata's W (y = x W), a fresh copy (contiguous() alone
/// returns w itself when w is 1 x 1, and the learner's code may write into what it is given).
kt::Tensor as_x_at_w(const kt::Tensor& w) { return w.transpose(0, 1).contiguous().clone(); }

const ServeForward forward([](const Case& c) {
  kt::Tensor mask = c.mask;
  if (c.causal) {
    const kt::Tensor tril = kt::tril(kt::ones({c.T, c.T}, kt::Bool));
    mask = mask.defined() ? (mask & tril) : tril;
  }
  const std::optional<kt::Tensor> given =
      mask.defined() ? std::optional<kt::Tensor>(mask.clone()) : std::nullopt;
  const kt::Tensor x = c.x.clone(), wq = as_x_at_w(c.w.wq), wk = as_x_at_w(c.w.wk),
                   wv = as_x_at_w(c.w.wv), wo = as_x_at_w(c.w.wo);
  serve::learner_code_starts({{"x", x},
                              {"Wq", wq},
                              {"Wk", wk},
                              {"Wv", wv},
                              {"Wo", wo},
                              {"mask", given ? *given : kt::Tensor()}});
  return ::kata::mha(x, wq, wk, wv, wo, c.H, given);
});

}  // namespace
}  // namespace grader::mha
