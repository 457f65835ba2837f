// The learner's side: a module kata's four nn.Linear projections loaded with a case's weights
// (fresh copies: the learner's code may write into what it is given).
#pragma once

#include <array>
#include <string>
#include <utility>
#include <vector>

#include "grader/learner/serve.hpp"
#include "kt/nn.hpp"
#include "kt/tensor.hpp"

namespace grader::serve {

/// weights: wq, wk, wv, wo, then bq, bk, bv, bo (the biases used only when `bias`).
template <class Module>
void load_projections(Module& m, const std::array<kt::Tensor, 8>& weights, bool bias) {
  const std::array projections{&m.q_proj, &m.k_proj, &m.v_proj, &m.out_proj};
  for (size_t i = 0; i < projections.size(); ++i) {
    projections[i]->weight = weights[i].clone();
    if (bias) projections[i]->bias = weights[4 + i].clone();
  }
}

/// The inputs the learner's code reads, named as the statement names them, for
/// serve::learner_code_starts: `given` (x, the mask, the cache), then the four projections'
/// weights ("q_proj.weight", ...) and, when `bias`, their biases.
template <class Module>
std::vector<NamedInput> with_projections(std::vector<NamedInput> given, const Module& m,
                                         bool bias) {
  const std::array<std::pair<std::string, const kt::nn::Linear*>, 4> projections{
      {{"q_proj", &m.q_proj},
       {"k_proj", &m.k_proj},
       {"v_proj", &m.v_proj},
       {"out_proj", &m.out_proj}}};
  for (const auto& [name, p] : projections) {
    given.push_back({name + ".weight", p->weight});
    if (bias) given.push_back({name + ".bias", p->bias});
  }
  return given;
}

}  // namespace grader::serve
