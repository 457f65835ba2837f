#include "grader/katas/kv_cache/mistakes.hpp"

#include <cmath>
#include <vector>

#include "grader/lib/together.hpp"
#include "reference/rope/rope.hpp"

namespace grader::kata_kv_cache {

kt::Tensor project_heads(const Case& c, const kt::Tensor& w, const kt::Tensor& b) {
  kt::Tensor y = kt::matmul(c.x, w.transpose(0, 1));
  if (b.defined()) y = y + b;
  return y.view({c.B, c.T(), c.H, c.d_head}).transpose(1, 2).contiguous();
}

std::optional<Mistakes> together(const Mistakes& a, const Mistakes& b) {
  using M = Mistakes;
  return merge_mistakes(
      a, b, &M::mask_shift, &M::not_appended, &M::top_left, &M::positions_restart,
      &M::queries_restart, &M::no_mask, &M::no_rope, &M::rope_on_values, &M::scale_by_d_model,
      &M::softmax_over_queries, &M::no_out_proj, &M::own_chunk_only, &M::keys_rerotated,
      &M::q_after_append, &M::keys_unrotated, &M::keys_restart, &M::rope_along_heads,
      &M::frequencies_over_d_model, &M::frequencies_exponent_halved, &M::merged_without_transpose);
}

kt::Tensor decode_with_mistakes(const Case& c, const Mistakes& m) {
  const kt::Tensor q = project_heads(c, c.w.wq, c.w.bq);
  const kt::Tensor k = project_heads(c, c.w.wk, c.w.bk);
  const kt::Tensor v = project_heads(c, c.w.wv, c.w.bv);
  kt::Tensor cache_k, cache_v;
  std::vector<kt::Tensor> outs;
  // Frequencies over d_model: 10000^(-2i/d_model) = base^(-2i/d_head) with base = 10000^(1/H).
  // The exponent's 2 left out: 10000^(-i/d_head) = base^(-2i/d_head) with base = 100.
  const double base = m.frequencies_over_d_model      ? std::pow(10000.0, 1.0 / double(c.H))
                      : m.frequencies_exponent_halved ? 100.0
                                                      : 10000.0;
  int64_t L = 0;
  for (const int64_t n : c.chunks) {
    const int64_t first = m.positions_restart ? 0 : L;
    const auto rotate = [&](const kt::Tensor& t, int64_t from) {
      const kt::Tensor part = t.narrow(2, L, n).contiguous();
      if (m.no_rope) return part;
      if (m.rope_along_heads)  // (B, n, H, d): axis -2 is the heads
        return ref::rope(part.transpose(1, 2).contiguous(), from, base)
            .transpose(1, 2)
            .contiguous();
      return ref::rope(part, from, base);
    };
    const int64_t q_first = m.queries_restart ? 0 : first;
    const kt::Tensor qn = rotate(q, m.q_after_append ? q_first + n : q_first),
                     kn = m.keys_unrotated ? k.narrow(2, L, n).contiguous()
                                           : rotate(k, m.keys_restart ? 0 : first);
    const kt::Tensor vn = m.rope_on_values ? rotate(v, first) : v.narrow(2, L, n);
    kt::Tensor all_k = L == 0 ? kn : kt::cat({cache_k, kn}, 2);
    if (m.keys_rerotated) {
      // The cached keys (already rotated) and the new raw ones, all rotated from position 0.
      const kt::Tensor raw = k.narrow(2, L, n).contiguous();
      all_k = ref::rope(L == 0 ? raw : kt::cat({cache_k, raw}, 2), 0, base);
    }
    const kt::Tensor all_v = L == 0 ? vn : kt::cat({cache_v, vn}, 2);
    // The keys the call attends over, which position the first of them sits at, and which of them
    // each query may see.
    const bool old_only = m.not_appended && L > 0;
    const kt::Tensor keys = old_only ? cache_k : m.own_chunk_only ? kn : all_k;
    const kt::Tensor values = old_only ? cache_v : m.own_chunk_only ? vn : all_v;
    const int64_t key_start = m.own_chunk_only ? L : 0;
    const int64_t S = keys.size(2);
    std::vector<bool> allowed(size_t(n * S));
    for (int64_t i = 0; i < n; ++i)
      for (int64_t j = 0; j < S; ++j)
        allowed[size_t(i * S + j)] =
            m.no_mask ||
            (m.top_left ? j <= i : (old_only || key_start + j <= L + i + m.mask_shift));
    const kt::Tensor mask = kt::from_vector(allowed, {n, S});
    const kt::Tensor scores = kt::matmul(qn, keys.transpose(-2, -1)) /
                              std::sqrt(double(m.scale_by_d_model ? c.D() : c.d_head));
    const kt::Tensor weights = kt::softmax(scores.masked_fill(~mask, kt::finfo(kt::Float64).min),
                                           m.softmax_over_queries ? -2 : -1);
    const kt::Tensor heads = kt::matmul(weights, values);
    const kt::Tensor merged = (m.merged_without_transpose ? heads : heads.transpose(1, 2))
                                  .contiguous()
                                  .view({c.B, n, c.D()});
    kt::Tensor out = merged;
    if (!m.no_out_proj) {
      out = kt::matmul(merged, c.w.wo.transpose(0, 1));
      if (c.w.bo.defined()) out = out + c.w.bo;
    }
    outs.push_back(out);
    cache_k = all_k;
    cache_v = all_v;
    L += n;
  }
  return kt::cat(outs, 1);
}

}  // namespace grader::kata_kv_cache
