#include "grader/lib/mha/mistakes.hpp"

#include <cmath>

namespace grader::mha {
namespace {

/// y = x Wᵀ + b, as nn.Linear.
kt::Tensor linear(const kt::Tensor& x, const kt::Tensor& w, const kt::Tensor& b) {
  const kt::Tensor y = kt::matmul(x, w.transpose(0, 1));
  return b.defined() ? y + b : y;
}

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

kt::Tensor mha_with_mistakes(const kt::Tensor& x64, const ref::MhaWeights& w, int64_t H,
                             bool causal, const kt::Tensor& mask, const Mistakes& m) {
  const kt::Tensor x = x64.to(kt::Float64);
  const int64_t T = x.size(1), D = x.size(2), Hkv = w.wk.size(0) / (D / H);
  const kt::Tensor q = split_heads(linear(x, w.wq, w.bq), m.split, H);
  const kt::Tensor k =
      heads_for_queries(split_heads(linear(x, w.wk, w.bk), m.split, Hkv), H, m.kv_tiled);
  const kt::Tensor v =
      heads_for_queries(split_heads(linear(x, w.wv, w.bv), m.split, Hkv), H, m.kv_tiled);
  const double scale = m.scale_by_d_model  ? std::sqrt(double(D))
                       : m.scale_by_d_head ? double(D / H)
                                           : std::sqrt(double(D / H));
  const kt::Tensor scores = kt::matmul(q, k.transpose(-2, -1)) / scale;
  kt::Tensor allowed = kt::ones({T, T}, kt::Bool);
  if (causal) allowed = kt::tril(allowed);
  if (mask.defined()) allowed = allowed & mask;
  const double lowest = kt::finfo(kt::Float64).min;  // a row with nothing allowed: uniform
  kt::Tensor weights;
  if (m.mask_after_softmax) {
    weights = kt::softmax(scores, -1).masked_fill(~allowed, 0.0);
  } else {
    weights = kt::softmax(scores.masked_fill(~allowed, lowest), m.softmax_over_queries ? -2 : -1);
  }
  const kt::Tensor out = kt::matmul(weights, v);
  const HeadSplit merge = m.merge_memory_order ? HeadSplit::NoTranspose
                          : m.merge_transposed ? HeadSplit::Contiguous
                                               : m.split;
  return linear(merge_heads(out, merge), w.wo, w.bo);
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
