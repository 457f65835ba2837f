// Every double of two of the attention_backward kata's pitfalls is named exactly (Note [every
// double named exactly] in grader/tests/doubles/doubles.hpp): the learner's
// kata::attention_backward, written with kt's ops as a learner writes it (as the test bed's
// solutions/attention_backward files do), each pitfall a slip. Three of the pitfalls are made in
// more than one way (the forms below, each searched by its detector), so the test runs every
// single and double again until each form of one slip has met each form of another.
#include <catch2/catch.hpp>
#include <cmath>
#include <string>
#include <vector>

#include "attention_backward.hpp"
#include "grader/tests/doubles/check.hpp"

namespace {

/// The slips now on (set by the doubles test).
doubles::Names on;

bool slip(const char* id) { return on.count(id) != 0; }

/// How a learner makes the pitfalls that have several forms.
enum class NoScaleIn { Dq, Dk, Both };  // grad_missing_scale: where the 1/√d is left out
/// dv_uses_scores: dv from the scores after the causal mask (the variable s the weights come
/// from), from the scores before it, or from the raw scores q kᵀ.
enum class DvFrom { MaskedScores, Scores, RawScores };
/// mask_grad_leak: no mask in the backward at all, or dv alone from weights taken before it.
enum class Leak { Everywhere, DvOnly };

struct Forms {
  NoScaleIn no_scale;
  DvFrom dv;
  Leak leak;
};

Forms forms{NoScaleIn::Dq, DvFrom::MaskedScores, Leak::Everywhere};

}  // namespace

namespace kata {

AttentionGrads attention_backward(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                                  const kt::Tensor& dout, bool is_causal) {
  const int64_t T = q.size(-2);
  const double scale = 1.0 / std::sqrt(double(q.size(-1)));
  const kt::Tensor raw = kt::matmul(q, k.transpose(-2, -1));
  kt::Tensor s = raw * scale;  // (…, T, T)
  const kt::Tensor s_unmasked = s;
  const bool leak = slip("mask_grad_leak");
  if (is_causal && !(leak && forms.leak == Leak::Everywhere)) {
    s = s.masked_fill(~kt::tril(kt::ones({T, T}, kt::Bool)), kt::finfo(s.dtype()).min);
  }
  const kt::Tensor p = kt::softmax(s, -1);

  // out = p v: dv = pᵀ dout, dp = dout vᵀ.
  kt::Tensor dv_from = p;
  if (leak && forms.leak == Leak::DvOnly) dv_from = kt::softmax(s_unmasked, -1);
  if (slip("dv_uses_scores")) {
    dv_from = forms.dv == DvFrom::MaskedScores ? s : forms.dv == DvFrom::Scores ? s_unmasked : raw;
  }
  const kt::Tensor dv = kt::matmul(dv_from.transpose(-2, -1), dout);
  const kt::Tensor dp = kt::matmul(dout, v.transpose(-2, -1));
  // p = softmax(s) row by row: ds_ij = p_ij (dp_ij - sum_l p_il dp_il).
  const kt::Tensor ds = slip("softmax_backward_no_rowsum")
                            ? p * dp
                            : p * (dp - kt::sum(p * dp, -1, /*keepdim=*/true));
  // s = q kᵀ · scale: dq = ds k · scale, dk = dsᵀ q · scale.
  const bool no_scale = slip("grad_missing_scale");
  const bool dq_scaled = !(no_scale && forms.no_scale != NoScaleIn::Dk);
  const bool dk_scaled = !(no_scale && forms.no_scale != NoScaleIn::Dq);
  kt::Tensor dq = kt::matmul(ds, k);
  if (dq_scaled) dq = dq * scale;
  kt::Tensor dk = kt::matmul(slip("dk_from_transposed_wrong") ? ds : ds.transpose(-2, -1), q);
  if (dk_scaled) dk = dk * scale;
  return {dq, dk, dv};
}

}  // namespace kata

namespace {

/// The pairs of slips that bear on each other, with the slips made in the forms f.
std::vector<doubles::Pair> pairs(const Forms& f) {
  std::vector<doubles::Pair> pairs;
  if (f.leak == Leak::DvOnly) {
    pairs.push_back({"dv_uses_scores", "mask_grad_leak", doubles::Relation::Absorbs,
                     "dv from the scores never reads the weights taken before the mask, the "
                     "only place this form of the leak is"});
  }
  return pairs;
}

void check_every_double(const Forms& f, const std::string& what) {
  forms = f;
  const doubles::Kata kata{[](const doubles::Names& slips) { on = slips; }, pairs(f)};
  doubles::check_named_exactly(kata, what);
}

}  // namespace

TEST_CASE(
    "attention_backward: no pitfall, every pitfall alone and every two together are named "
    "exactly",
    "[doubles]") {
  // At most two slips are on at once, so nine runs meet each form of one slip with each form of
  // another: every no_scale with every dv, and the leak's form alternating along both.
  const char* const scale_text[] = {"1/√d left out of dq", "1/√d left out of dk",
                                    "1/√d left out of dq and dk"};
  const char* const dv_text[] = {"dv from the masked scores", "dv from the scores before the mask",
                                 "dv from the raw scores"};
  const char* const leak_text[] = {"no mask in the backward", "dv alone from unmasked weights"};
  for (const int scale : {0, 1, 2}) {
    for (const int dv : {0, 1, 2}) {
      const int leak = (scale + dv) % 2;
      check_every_double(
          {NoScaleIn(scale), DvFrom(dv), Leak(leak)},
          std::string(scale_text[scale]) + ", " + dv_text[dv] + ", " + leak_text[leak]);
    }
  }
}
