// Every double of two of the kv_cache kata's pitfalls is named exactly (Note [every double named
// exactly] in grader/tests/doubles/doubles.hpp): the learner's CachedAttention::forward, with
// slips. It is the worked solution (solutions/kv_cache/worked.cpp) written with kt's ops, each
// pitfall a switch, each slip the code of the test bed's known-bad file of that pitfall
// (solutions/kv_cache/pitfalls/); kept apart from the grader's simulation (mistakes.hpp) on
// purpose.
#include <catch2/catch.hpp>

#include <cmath>
#include <map>
#include <vector>

#include "grader/tests/doubles/check.hpp"
#include "kv_cache.hpp"

namespace {

/// The slips now on (set by the test).
doubles::Names on;

bool slip(const char* id) { return on.count(id) != 0; }

/// cache_recomputed: the tokens of each cache's sequence, kept for projecting again (the cache
/// has no room for them).
std::map<const KVCache*, kt::Tensor> seen;

/// RoPE, rotate-half, base 10000: x (B, H, T, d) with row t at position start + t.
kt::Tensor rope(const kt::Tensor& x, int64_t start) {
  const int64_t T = x.size(2), d = x.size(3), half = d / 2;
  const kt::Tensor inv_freq =
      kt::exp(kt::arange(double(half)) * (-2.0 * std::log(10000.0) / double(d)));
  const kt::Tensor angles = kt::arange(double(start), double(start + T)).unsqueeze(1) * inv_freq;
  const kt::Tensor cos = kt::cos(angles), sin = kt::sin(angles);
  const kt::Tensor x1 = x.narrow(-1, 0, half), x2 = x.narrow(-1, half, half);
  return kt::cat({x1 * cos - x2 * sin, x2 * cos + x1 * sin}, -1);
}

}  // namespace

kt::Tensor CachedAttention::forward(const kt::Tensor& x, KVCache& cache) const {
  const int64_t B = x.size(0), T = x.size(1), L = cache.length();
  auto split = [&](const kt::Tensor& t, int64_t n) {  // (B, n, d_model) -> (B, H, n, d_head)
    return t.view({B, n, num_heads, d_head}).transpose(1, 2);
  };
  const int64_t start = slip("rope_positions_restart") ? 0 : L;
  const kt::Tensor q = rope(split(q_proj(x), T), start);
  const auto append = [&] {
    if (slip("cache_recomputed")) {  // every key and value again, from the whole prefix
      kt::Tensor& prefix = seen[&cache];
      prefix = L == 0 ? x.clone() : kt::cat({prefix, x}, 1);
      const int64_t S = prefix.size(1);
      cache.k = rope(split(k_proj(prefix), S), 0);
      cache.v = split(v_proj(prefix), S);
      return;
    }
    const kt::Tensor k = rope(split(k_proj(x), T), start), v = split(v_proj(x), T);
    const int64_t axis = slip("cache_concat_wrong_axis") ? 1 : 2;
    cache.k = L == 0 ? k : kt::cat({cache.k, k}, axis);
    cache.v = L == 0 ? v : kt::cat({cache.v, v}, axis);
  };
  // cache_not_appended: a decoding call attends to the keys cached before it, and appends after.
  const bool append_after = slip("cache_not_appended") && L > 0;
  if (!append_after) append();
  const kt::Tensor keys = cache.k, values = cache.v;
  // New token i sits at position L + i: it may see keys j <= L + i (a bottom-right triangle).
  const kt::Tensor allowed =
      kt::tril(kt::ones({T, keys.size(2)}, kt::Bool), slip("causal_top_left") ? 0 : L);
  kt::Tensor scores = kt::matmul(q, keys.transpose(-2, -1)) / std::sqrt(double(d_head));
  scores = scores.masked_fill(~allowed, kt::finfo(scores.dtype()).min);
  const kt::Tensor heads = kt::matmul(kt::softmax(scores, -1), values);
  if (append_after) append();
  return out_proj(heads.transpose(1, 2).contiguous().view({B, T, d_model}));
}

TEST_CASE("kv_cache: no pitfall, every pitfall alone and every two together are named exactly",
          "[doubles]") {
  using doubles::Relation;
  std::vector<doubles::Pair> pairs = {
      {"cache_recomputed", "cache_concat_wrong_axis", Relation::Absorbs,
       "re-projecting the prefix rebuilds the cache whole: it is never concatenated to"},
  };
  // The three show only on calls with a non-empty cache, and there the wrong cat throws (its
  // lengths differ), or the matmul or the final view after it does. (With cache_not_appended the
  // cat comes after the attention: a last call as long as the cache returns, and may be named.)
  for (const char* other : {"cache_not_appended", "causal_top_left", "rope_positions_restart"})
    pairs.push_back({"cache_concat_wrong_axis", other, Relation::Hides,
                     "a cache grown along another axis makes the calls with a cache throw"});
  const doubles::Kata kata{[](const doubles::Names& slips) {
                             on = slips;
                             seen.clear();
                           },
                           pairs};
  doubles::check_named_exactly(kata);
}
