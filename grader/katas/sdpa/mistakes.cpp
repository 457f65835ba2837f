#include "grader/katas/sdpa/mistakes.hpp"

#include <cmath>

namespace grader::kata_sdpa {

kt::Tensor sdpa_with_mistakes(const Case& c, const Mistakes& m) {
  const int64_t tq = c.Tq(), tk = c.Tk();
  double scale = 1.0;
  switch (m.scale) {
    case Scale::SqrtDk:
      scale = std::sqrt(double(c.dk()));
      break;
    case Scale::None:
      break;
    case Scale::Dk:
      scale = double(c.dk());
      break;
    case Scale::SqrtDv:
      scale = std::sqrt(double(c.dv()));
      break;
  }
  const kt::Tensor scores = kt::matmul(c.q, c.k.transpose(-2, -1)) / scale;
  kt::Tensor allowed = kt::ones({tq, tk}, kt::Bool);
  if (c.causal) allowed = kt::tril(allowed, m.causal_top_left ? 0 : tk - tq);
  if (c.mask.defined()) allowed = allowed & (m.mask_inverted ? ~c.mask : c.mask);
  try {
    kt::Tensor weights;
    if (m.mask_after_softmax) {
      weights = kt::softmax(scores, m.softmax_axis).masked_fill(~allowed, 0.0);
    } else {
      weights =
          kt::softmax(scores.masked_fill(~allowed, kt::finfo(kt::Float64).min), m.softmax_axis);
    }
    return kt::matmul(weights, c.v);
  } catch (const kt::Error&) {
    return kt::Tensor();
  }
}

}  // namespace grader::kata_sdpa
