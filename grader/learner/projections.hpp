// The learner's side: a module kata's four nn.Linear projections loaded with a case's weights
// (fresh copies: the learner's code may write into what it is given).
#pragma once

#include <array>

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

}  // namespace grader::serve
