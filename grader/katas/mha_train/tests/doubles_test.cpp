// Every double of two of the mha_train kata's pitfalls is named exactly (Note [every double named
// exactly] in grader/tests/doubles/doubles.hpp): the learner's MultiHeadAttention::forward, written
// with kt's ops as a learner writes it (solutions/mha_train/worked.cpp), each pitfall a slip as the
// test bed's known-bad files make it (solutions/mha_train/pitfalls/ID.cpp). The kata has no
// simulation of the mistakes in the grader: its detectors read the dropped weights off the output.
#include <catch2/catch.hpp>

#include <cmath>

#include "grader/tests/doubles/check.hpp"
#include "mha_train.hpp"

namespace {

/// The slips now on (set by the test).
doubles::Names on;
/// Each slip as the test bed's other known-bad files write it (set by the second test): the
/// dropped scores hidden with finfo.min (dropout_before_softmax_masked.cpp), the dropout on the
/// heads' outputs before the merge (dropout_on_heads.cpp), one (B, 1, T, T) mask for every head
/// (mask_shared_across_heads.cpp).
bool other_forms = false;

bool slip(const char* id) { return on.count(id) != 0; }

}  // namespace

kt::Tensor MultiHeadAttention::forward(const kt::Tensor& x, kt::Generator& gen, bool causal) const {
  const int64_t B = x.size(0), T = x.size(1);
  auto split = [&](const kt::Tensor& t) {
    return t.view({B, T, num_heads, d_head}).transpose(1, 2);  // (B, H, T, d_head)
  };
  // The dropout: on while training (in every mode with dropout_in_eval), a keep mask drawn from
  // gen, the kept values divided by 1 - p (left as they were with dropout_not_rescaled).
  const bool dropping = (training() || slip("dropout_in_eval")) && dropout_p > 0.0;
  const auto drop = [&](const kt::Tensor& t, const kt::Shape& mask_shape) {
    const kt::Tensor keep = kt::rand(mask_shape, gen) >= dropout_p;
    return kt::where(keep, slip("dropout_not_rescaled") ? t : t / (1.0 - dropout_p), 0.0);
  };
  // The weights' mask: with dropout_mask_shared one (T, T) mask broadcast over every batch entry
  // and head (or one (B, 1, T, T) mask over every head).
  const auto weights_mask = [&](const kt::Tensor& w) {
    if (!slip("dropout_mask_shared")) return w.sizes();
    return other_forms ? kt::Shape{B, 1, T, T} : kt::Shape{T, T};
  };
  const kt::Tensor q = split(q_proj(x)), k = split(k_proj(x)), v = split(v_proj(x));
  kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) / std::sqrt(double(d_head));
  if (causal) {
    const kt::Tensor allowed = kt::tril(kt::ones({T, T}, kt::Bool));
    scores = scores.masked_fill(~allowed, kt::finfo(scores.dtype()).min);
  }
  if (dropping && slip("dropout_before_softmax")) {
    if (other_forms) {  // the dropped scores hidden like a mask: nothing to rescale
      const kt::Tensor dropped = kt::rand(weights_mask(scores), gen) < dropout_p;
      scores = scores.masked_fill(dropped, kt::finfo(scores.dtype()).min);
    } else {
      scores = drop(scores, weights_mask(scores));
    }
  }
  kt::Tensor weights = kt::softmax(scores, -1);
  if (dropping && !slip("dropout_before_softmax") && !slip("dropout_on_output"))
    weights = drop(weights, weights_mask(weights));
  kt::Tensor heads = kt::matmul(weights, v);
  if (dropping && slip("dropout_on_output") && other_forms) heads = drop(heads, heads.sizes());
  kt::Tensor out = out_proj(heads.transpose(1, 2).contiguous().view({B, T, d_model}));
  if (dropping && slip("dropout_on_output") && !other_forms) out = drop(out, out.sizes());
  return out;
}

namespace {

/// The pairs of slips that bear on each other, in the first forms or the other ones.
std::vector<doubles::Pair> pairs(bool other) {
  using doubles::Relation;
  std::vector<doubles::Pair> p = {
      {"dropout_before_softmax", "dropout_on_output", Relation::Exclusive,
       "the dropout sits in one place: on the scores or on the outputs"},
      {"dropout_on_output", "dropout_mask_shared", Relation::Absorbs,
       "with the dropout on the outputs no attention weight is dropped: the weights' mask is "
       "never drawn"},
  };
  if (other)
    p.push_back({"dropout_before_softmax", "dropout_not_rescaled", Relation::Absorbs,
                 "dropped scores hidden with finfo.min leave the kept ones as they are: there is "
                 "no division by 1 - p to leave out"});
  return p;
}

void check_every_double(bool other) {
  other_forms = other;
  const doubles::Kata kata{[](const doubles::Names& slips) { on = slips; }, pairs(other)};
  doubles::check_named_exactly(kata);
  other_forms = false;
}

}  // namespace

TEST_CASE("mha_train: no pitfall, every pitfall alone and every two together are named exactly",
          "[doubles]") {
  check_every_double(false);
}

TEST_CASE("mha_train: the same with the slips in their other forms", "[doubles]") {
  check_every_double(true);
}
