#include "grader/katas/mha_family/mistakes.hpp"

#include <cmath>

#include "grader/lib/together.hpp"

namespace grader::mha {
namespace {

/// (B, T, D) -> (B, H, T, d_head), split as `split` says.
kt::Tensor split_heads(const kt::Tensor& t, HeadSplit split, int64_t H) {
  const int64_t B = t.size(0), T = t.size(1), dk = t.size(2) / H;
  switch (split) {
    case HeadSplit::Contiguous:
      return t.view({B, T, H, dk}).transpose(1, 2);
    case HeadSplit::Strided:
      return t.view({B, T, dk, H}).permute({0, 3, 1, 2});
    case HeadSplit::NoTranspose:
      break;
  }
  return t.contiguous().view({B, H, T, dk});
}

/// (B, H, T, d_head) -> (B, T, D): the inverse of split_heads with the same split.
kt::Tensor merge_heads(const kt::Tensor& o, HeadSplit split) {
  const int64_t B = o.size(0), H = o.size(1), T = o.size(2), dk = o.size(3);
  switch (split) {
    case HeadSplit::Contiguous:
      return o.transpose(1, 2).reshape({B, T, H * dk});
    case HeadSplit::Strided:
      return o.permute({0, 2, 3, 1}).reshape({B, T, H * dk});
    case HeadSplit::NoTranspose:
      break;
  }
  return o.contiguous().view({B, T, H * dk});
}

/// (B, Hkv, T, d_head) kv heads -> (B, H, T, d_head), one per query head.
kt::Tensor heads_for_queries(const kt::Tensor& kv, int64_t H, bool tiled) {
  const int64_t group = H / kv.size(1);
  if (group == 1) return kv;
  return tiled ? kv.repeat({1, group, 1, 1}) : kt::repeat_interleave(kv, group, 1);
}

}  // namespace

kt::Tensor linear(const kt::Tensor& x, const kt::Tensor& w, const kt::Tensor& b) {
  const kt::Tensor y = kt::matmul(x, w.transpose(0, 1));
  return b.defined() ? y + b : y;
}

std::optional<Mistakes> together(const Mistakes& a, const Mistakes& b) {
  using M = Mistakes;
  const std::optional<Mistakes> m = merge_mistakes(
      a, b, &M::split, &M::q_from, &M::k_from, &M::v_from, &M::bias_missing, &M::mask_use,
      &M::causal_mask, &M::softmax_dim, &M::softmax_without_max, &M::scale_by_d_model,
      &M::scale_by_d_head, &M::mask_after_softmax, &M::merge_memory_order, &M::merge_transposed,
      &M::softmax_over_queries, &M::kv_tiled, &M::kv_features_repeated, &M::out_proj_missing,
      &M::out_bias_missing, &M::scale_missing, &M::scale_multiplied, &M::scale_by_sqrt_heads,
      &M::weights_transposed, &M::residual_added, &M::batch_mixed);
  // The scales are one step in five fields: two of them set it two ways.
  if (!m || int(m->scale_by_d_model) + int(m->scale_by_d_head) + int(m->scale_missing) +
                    int(m->scale_multiplied) + int(m->scale_by_sqrt_heads) >
                1)
    return std::nullopt;
  return m;
}

kt::Tensor mha_with_mistakes(const kt::Tensor& x64, const ref::MhaWeights& w, int64_t H,
                             bool causal, const kt::Tensor& mask, const Mistakes& m) {
  const kt::Tensor x = x64.to(kt::Float64);
  const int64_t B = x.size(0), T = x.size(1), D = x.size(2), dk = D / H;
  const int64_t Hkv = w.wk.size(0) / dk;
  const auto project = [&](Proj from, Proj own) {
    if (from == Proj::None) return x;
    const kt::Tensor& wt = from == Proj::Q ? w.wq : from == Proj::K ? w.wk : w.wv;
    const kt::Tensor& b = from == Proj::Q ? w.bq : from == Proj::K ? w.bk : w.bv;
    return linear(x, wt, m.bias_missing == own ? kt::Tensor() : b);
  };
  // k and v as the query heads read them: k_proj and v_proj give num_kv_heads heads, the rest H.
  const auto for_queries = [&](Proj from, Proj own) {
    const int64_t heads = from == Proj::K || from == Proj::V ? Hkv : H;
    if (m.kv_features_repeated && heads < H)  // each feature repeated, then split into H heads
      return split_heads(kt::repeat_interleave(project(from, own), H / heads, 2), m.split, H);
    return heads_for_queries(split_heads(project(from, own), m.split, heads), H, m.kv_tiled);
  };
  kt::Tensor q = split_heads(project(m.q_from, Proj::Q), m.split, H);
  kt::Tensor k = for_queries(m.k_from, Proj::K);
  kt::Tensor v = for_queries(m.v_from, Proj::V);
  int64_t Tq = T;  // the length of the sequences attention sees
  const bool batch_mixed = m.batch_mixed && !mask.defined();
  if (batch_mixed) {  // (B, H, T, d) -> (1, H, B*T, d): one long sequence
    const auto flat = [&](const kt::Tensor& t) {
      return t.transpose(0, 1).reshape({1, H, B * T, dk});
    };
    q = flat(q), k = flat(k), v = flat(v);
    Tq = B * T;
  }
  const double sqrt_dk = std::sqrt(double(dk));
  const double scale = m.scale_missing         ? 1.0
                       : m.scale_multiplied    ? 1.0 / sqrt_dk
                       : m.scale_by_d_model    ? std::sqrt(double(D))
                       : m.scale_by_d_head     ? double(dk)
                       : m.scale_by_sqrt_heads ? std::sqrt(double(H))
                                               : sqrt_dk;
  kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) / scale;
  const kt::Tensor ones = kt::ones({Tq, Tq}, kt::Bool);
  kt::Tensor allowed = ones;
  const bool apply_causal =
      m.causal_mask == CausalMask::Always || (causal && m.causal_mask != CausalMask::Ignored);
  if (apply_causal) {
    switch (m.causal_mask) {
      case CausalMask::Triu:
        allowed = kt::triu(ones);
        break;
      case CausalMask::StrictFuture:
        allowed = kt::triu(ones, 1);
        break;
      case CausalMask::StrictPast:
        allowed = kt::tril(ones, -1);
        break;
      case CausalMask::OneAhead:
        allowed = kt::tril(ones, 1);
        break;
      default:
        allowed = kt::tril(ones);
        break;
    }
  }
  if (mask.defined()) {
    switch (m.mask_use) {
      case MaskUse::Applied:
      case MaskUse::FilledWithZero:
      case MaskUse::FilledWithMax:
        allowed = allowed & mask;
        break;
      case MaskUse::Ignored:
      case MaskUse::AddedAsNumbers:  // nothing hidden: added to the scores below
        break;
      case MaskUse::Inverted:
        allowed = allowed & ~mask;
        break;
      case MaskUse::Transposed:
        allowed = allowed & mask.transpose(-2, -1);
        break;
      case MaskUse::FirstEntryForAll:
        allowed = allowed & (mask.dim() == 4 ? mask.narrow(0, 0, 1) : mask);
        break;
      case MaskUse::OwnKeyAlways:
        allowed = allowed & (mask | kt::eye(mask.size(-1), mask.size(-1), kt::Bool));
        break;
    }
  }
  if (mask.defined() && m.mask_use == MaskUse::AddedAsNumbers)
    scores = scores + mask.to(kt::Float64);
  const double lowest = kt::finfo(kt::Float64).min;  // a row with nothing allowed: uniform
  const double fill = m.mask_use == MaskUse::FilledWithZero  ? 0.0
                      : m.mask_use == MaskUse::FilledWithMax ? kt::finfo(kt::Float64).max
                                                             : lowest;
  const int64_t softmax_dim = m.softmax_over_queries ? -2 : m.softmax_dim;
  const auto softmax = [&](const kt::Tensor& s) {
    if (!m.softmax_without_max) return kt::softmax(s, softmax_dim);
    const kt::Tensor e = kt::exp(s);
    return e / kt::sum(e, softmax_dim, /*keepdim=*/true);
  };
  kt::Tensor weights;
  if (m.mask_after_softmax) {
    weights = softmax(scores).masked_fill(~allowed, 0.0);
  } else {
    weights = softmax(scores.masked_fill(~allowed, fill));
  }
  kt::Tensor out = kt::matmul(m.weights_transposed ? weights.transpose(-2, -1) : weights, v);
  if (batch_mixed) out = out.reshape({H, B, T, dk}).transpose(0, 1);
  const HeadSplit merge = m.merge_memory_order ? HeadSplit::NoTranspose
                          : m.merge_transposed ? HeadSplit::Contiguous
                                               : m.split;
  const kt::Tensor merged = merge_heads(out, merge);
  kt::Tensor y =
      m.out_proj_missing ? merged : linear(merged, w.wo, m.out_bias_missing ? kt::Tensor() : w.bo);
  if (m.residual_added) y = y + x;
  return y;
}

kt::Tensor attention_across_heads(const kt::Tensor& x64, const ref::MhaWeights& w, int64_t H,
                                  bool scale_by_d_model) {
  const kt::Tensor x = x64.to(kt::Float64);
  const int64_t B = x.size(0), T = x.size(1), D = x.size(2), dk = D / H;
  const auto heads = [&](const kt::Tensor& wt, const kt::Tensor& b) {
    const int64_t n = wt.size(0) / dk;                          // H, or the kv heads
    const kt::Tensor t = linear(x, wt, b).view({B, T, n, dk});  // the "sequence" is the heads
    return n == H ? t : kt::repeat_interleave(t, H / n, 2);
  };
  const kt::Tensor scores = kt::matmul(heads(w.wq, w.bq), heads(w.wk, w.bk).transpose(-2, -1)) /
                            std::sqrt(double(scale_by_d_model ? D : dk));
  const kt::Tensor out = kt::matmul(kt::softmax(scores, -1), heads(w.wv, w.bv));
  return linear(out.reshape({B, T, D}), w.wo, w.bo);
}

}  // namespace grader::mha
