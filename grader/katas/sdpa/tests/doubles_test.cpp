// Every double of two of the sdpa kata's pitfalls is named exactly (Note [every double named
// exactly] in grader/tests/doubles/doubles.hpp): the learner's kata::scaled_dot_product_attention,
// written with kt's ops as a learner writes it (solutions/sdpa/worked.cpp), each pitfall a slip as
// the test bed's known-bad files make it (solutions/sdpa/pitfalls/ID.cpp). Kept apart from the
// grader's simulation of the mistakes (grader/katas/sdpa/mistakes.hpp) on purpose: it is the
// learner's code.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "grader/tests/doubles/check.hpp"
#include "sdpa.hpp"

namespace {

/// The slips now on (set by the test).
doubles::Names on;

bool slip(const char* id) { return on.count(id) != 0; }

}  // namespace

namespace kata {

kt::Tensor scaled_dot_product_attention(const kt::Tensor& q, const kt::Tensor& k,
                                        const kt::Tensor& v,
                                        const std::optional<kt::Tensor>& attn_mask,
                                        bool is_causal) {
  const int64_t t_q = q.size(-2), t_k = k.size(-2), d_k = q.size(-1), d_v = v.size(-1);
  const double scale = slip("missing_scale")  ? 1.0
                       : slip("scale_by_d_k") ? double(d_k)
                       : slip("scale_by_d_v") ? std::sqrt(double(d_v))
                                              : std::sqrt(double(d_k));
  kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) / scale;
  kt::Tensor allowed = kt::ones({t_q, t_k}, kt::Bool);
  if (is_causal)
    allowed = slip("causal_top_left") ? kt::tril(allowed) : kt::tril(allowed, t_k - t_q);
  if (attn_mask) allowed = allowed & (slip("mask_polarity_inverted") ? ~*attn_mask : *attn_mask);
  const int64_t dim = slip("softmax_wrong_dim") ? -2 : -1;
  if (slip("mask_after_softmax")) {
    return kt::matmul(kt::softmax(scores, dim).masked_fill(~allowed, 0.0), v);
  }
  const double fill = slip("neg_inf_nan") ? -std::numeric_limits<double>::infinity()
                                          : kt::finfo(scores.dtype()).min;
  return kt::matmul(kt::softmax(scores.masked_fill(~allowed, fill), dim), v);
}

}  // namespace kata

TEST_CASE("sdpa: no pitfall, every pitfall alone and every two together are named exactly",
          "[doubles]") {
  using doubles::Relation;
  const std::string one_divisor = "the scores have one divisor";
  const doubles::Kata kata{
      [](const doubles::Names& slips) { on = slips; },
      {
          {"missing_scale", "scale_by_d_k", Relation::Exclusive, one_divisor},
          {"missing_scale", "scale_by_d_v", Relation::Exclusive, one_divisor},
          {"scale_by_d_k", "scale_by_d_v", Relation::Exclusive, one_divisor},
          {"mask_after_softmax", "neg_inf_nan", Relation::Absorbs,
           "masking after the softmax never fills a score, with -inf or anything else"},
      }};
  doubles::check_named_exactly(kata);
}
