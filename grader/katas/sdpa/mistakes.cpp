#include "grader/katas/sdpa/mistakes.hpp"

#include <cmath>
#include <limits>

#include "grader/lib/together.hpp"

namespace grader::kata_sdpa {

std::optional<Mistakes> together(const Mistakes& a, const Mistakes& b) {
  using M = Mistakes;
  return merge_mistakes(a, b, &M::scale, &M::softmax_axis, &M::mask_after_softmax,
                        &M::mask_inverted, &M::causal_top_left, &M::neg_inf_fill, &M::causal_upper,
                        &M::causal_hides_diagonal, &M::causal_sees_next_key, &M::causal_ignored,
                        &M::causal_ignored_with_mask, &M::mask_ignored,
                        &M::mask_ignored_with_causal, &M::masks_or, &M::mask_transposed,
                        &M::mask_multiplies, &M::mask_added, &M::values_from_keys,
                        &M::returns_weights, &M::values_scaled, &M::softmax_without_max);
}

kt::Tensor sdpa_with_mistakes(const Case& c, const Mistakes& m) {
  const int64_t tq = c.Tq(), tk = c.Tk();
  double scale = 1.0;
  switch (m.scale) {
    case Scale::SqrtDk:
      scale = std::sqrt(double(c.dk()));
      break;
    case Scale::None:
    case Scale::Zero:
      break;
    case Scale::Dk:
      scale = double(c.dk());
      break;
    case Scale::SqrtDv:
      scale = std::sqrt(double(c.dv()));
      break;
    case Scale::TimesSqrtDk:
      scale = 1.0 / std::sqrt(double(c.dk()));
      break;
    case Scale::SqrtTk:
      scale = std::sqrt(double(tk));
      break;
  }
  kt::Tensor scores = kt::matmul(c.q, c.k.transpose(-2, -1)) / scale;
  if (m.scale == Scale::Zero) scores = kt::zeros_like(scores);
  const bool causal =
      c.causal && !m.causal_ignored && !(m.causal_ignored_with_mask && c.mask.defined());
  const bool masked =
      c.mask.defined() && !m.mask_ignored && !(m.mask_ignored_with_causal && c.causal);
  try {
    kt::Tensor allowed = kt::ones({tq, tk}, kt::Bool);
    if (causal) {
      const int64_t diagonal = (m.causal_top_left ? 0 : tk - tq) -
                               (m.causal_hides_diagonal ? 1 : 0) + (m.causal_sees_next_key ? 1 : 0);
      allowed = m.causal_upper ? kt::triu(allowed, diagonal) : kt::tril(allowed, diagonal);
    }
    if (masked) {
      kt::Tensor mask = m.mask_inverted ? ~c.mask : c.mask;
      if (m.mask_transposed) mask = mask.transpose(-2, -1);
      if (m.mask_added)
        scores = scores + mask.to(scores.dtype());  // 1 where it allows, 0 where it masks
      else
        allowed = m.masks_or && causal ? (allowed | mask) : (allowed & mask);
    }
    const auto softmax = [&](const kt::Tensor& s) {
      if (!m.softmax_without_max) return kt::softmax(s, m.softmax_axis);
      const kt::Tensor e = kt::exp(s);
      return e / kt::sum(e, m.softmax_axis, /*keepdim=*/true);
    };
    kt::Tensor weights;
    if (m.biases_summed && masked && causal && !m.mask_added) {
      const double min = kt::finfo(kt::Float64).min;
      kt::Tensor causal_only = kt::ones({tq, tk}, kt::Bool);
      causal_only = kt::tril(causal_only, tk - tq);
      const kt::Tensor bias =
          (~c.mask).to(kt::Float64) * min + (~causal_only).to(kt::Float64) * min;
      weights = softmax(scores + bias);
    } else if (m.mask_after_softmax) {
      weights = softmax(scores).masked_fill(~allowed, 0.0);
    } else if (m.mask_multiplies) {
      weights = softmax(scores * allowed.to(scores.dtype()));
    } else {
      const double fill =
          m.neg_inf_fill ? -std::numeric_limits<double>::infinity() : kt::finfo(kt::Float64).min;
      weights = softmax(scores.masked_fill(~allowed, fill));
    }
    if (m.returns_weights) return weights;
    const kt::Tensor values = m.values_from_keys ? c.k : c.v;
    return kt::matmul(weights, m.values_scaled ? values / std::sqrt(double(c.dk())) : values);
  } catch (const kt::Error&) {
    return kt::Tensor();
  }
}

}  // namespace grader::kata_sdpa
