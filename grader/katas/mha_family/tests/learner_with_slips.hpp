// A learner's multi-head attention for the family's doubles tests (Note [every double named
// exactly] in grader/tests/doubles/doubles.hpp): attention written with kt's ops as a learner
// writes it, each of the family's pitfalls a switch (a slip, named by its pitfall's id). Each
// kata's doubles_test.cpp defines the learner's API with it (MultiHeadAttention::forward,
// kata::mha, GroupedQueryAttention::forward), so the kata's own call handlers run it. Kept apart
// from the grader's simulation of the mistakes (mistakes.hpp) on purpose: it is the learner's
// code, and a view of a transposed tensor throws here as it does in theirs.
#pragma once

#include <cmath>
#include <functional>
#include <limits>

#include "grader/tests/doubles/doubles.hpp"
#include "kt/tensor.hpp"

namespace slips {

/// The slips now on (set by the doubles test).
inline doubles::Names on;

inline bool slip(const char* id) { return on.count(id) != 0; }

/// The four projections as the learner's code applies them, and its heads.
struct Projections {
  std::function<kt::Tensor(const kt::Tensor&)> q, k, v, out;
  int64_t num_heads, num_kv_heads;
};

/// x: (B, T, d_model). allowed: undefined or Bool, true = may attend; causal: the module's flag
/// (with no allowed).
inline kt::Tensor attention(const kt::Tensor& x, const Projections& p, kt::Tensor allowed,
                            bool causal) {
  const int64_t B = x.size(0), T = x.size(1), D = x.size(2), H = p.num_heads, Hkv = p.num_kv_heads,
                dk = D / H;
  const auto split = [&](const kt::Tensor& t, int64_t heads) {  // (B, T, heads * dk)
    if (slip("wrong_head_order")) return t.view({B, T, dk, heads}).permute({0, 3, 1, 2});
    return t.view({B, T, heads, dk}).transpose(1, 2);
  };
  const auto for_queries = [&](const kt::Tensor& kv) {  // (B, Hkv, T, dk) -> (B, H, T, dk)
    if (Hkv == H) return kv;
    return slip("kv_repeat_tiled") ? kv.repeat({1, H / Hkv, 1, 1})
                                   : kt::repeat_interleave(kv, H / Hkv, 1);
  };
  const kt::Tensor q = split(p.q(x), H);
  const kt::Tensor k = for_queries(split(p.k(x), Hkv));
  const kt::Tensor v = for_queries(split(p.v(x), Hkv));
  const double scale = slip("scale_by_d_model")  ? std::sqrt(double(D))
                       : slip("scale_by_d_head") ? double(dk)
                                                 : std::sqrt(double(dk));
  const kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) / scale;
  if (!allowed.defined() && causal) {
    const kt::Tensor ones = kt::ones({T, T}, kt::Bool);
    allowed = slip("causal_mask_flipped") ? kt::triu(ones) : kt::tril(ones);
  }
  const int64_t dim = slip("softmax_wrong_dim") ? -2 : -1;
  kt::Tensor weights;
  if (!allowed.defined()) {
    weights = kt::softmax(scores, dim);
  } else if (slip("mask_after_softmax")) {
    weights = kt::softmax(scores, dim).masked_fill(~allowed, 0.0);
  } else {
    const double fill = slip("neg_inf_nan") ? -std::numeric_limits<double>::infinity()
                                            : kt::finfo(scores.dtype()).min;
    weights = kt::softmax(scores.masked_fill(~allowed, fill), dim);
  }
  const kt::Tensor out = kt::matmul(weights, v);  // (B, H, T, dk)
  kt::Tensor heads = slip("merge_without_transpose") ? out
                     : slip("wrong_head_order")      ? out.permute({0, 2, 3, 1})
                                                     : out.transpose(1, 2);
  if (!slip("missing_contiguous")) heads = heads.contiguous();
  return p.out(heads.view({B, T, D}));
}

/// A module kata's projections (nn.Linear: y = x wᵀ + b).
template <class Module>
Projections module_projections(const Module& m, int64_t num_kv_heads) {
  return {[&m](const kt::Tensor& x) { return m.q_proj(x); },
          [&m](const kt::Tensor& x) { return m.k_proj(x); },
          [&m](const kt::Tensor& x) { return m.v_proj(x); },
          [&m](const kt::Tensor& x) { return m.out_proj(x); },
          m.num_heads,
          num_kv_heads};
}

}  // namespace slips
