#include "grader/katas/kv_cache/catalogue.hpp"

#include <cmath>
#include <string>
#include <utility>

#include "grader/lib/compare.hpp"
#include "reference/rope/rope.hpp"

namespace grader::kata_kv_cache {

std::vector<KvEntry> catalogue() {
  std::vector<KvEntry> entries;
  const auto add = [&](const char* id, const char* what, const char* fix, Mistakes m) {
    entries.push_back({{id, what, fix}, m});
  };
  add("cache_not_appended",
      "decoding where each call attends to the keys cached before it only, not to its own",
      "Append the new keys and values first, then attend over the whole cache.",
      {.not_appended = true});
  add("causal_top_left", "decoding with each call's causal mask aligned top-left (key j <= i)",
      "New token i sits at position L + i: allow keys j <= L + i (tril with diagonal L).",
      {.top_left = true});
  add("rope_positions_restart", "decoding with every call's q and k rotated from position 0",
      "Rotate from cache.length(), read before appending.", {.positions_restart = true});
  add("mask_sees_next_token",
      "decoding with a mask that lets new token i see one token past itself (j <= L + i + 1)",
      "Allow keys j <= L + i: the diagonal of tril is L, not L + 1.", {.mask_shift = 1});
  add("mask_hides_own_token", "decoding with a mask that hides each token's own key (j < L + i)",
      "Allow keys j <= L + i: a token attends to itself (tril with diagonal L, not L - 1).",
      {.mask_shift = -1});
  add("no_causal_mask", "attention with no causal mask (every token sees the whole chunk)",
      "Mask the keys past each new token's position: allow j <= L + i.", {.no_mask = true});
  add("no_rope", "decoding with no rotary embedding on q and k",
      "Rotate q and k with RoPE (rotate-half, base 10000) at positions L + i.", {.no_rope = true});
  add("rope_on_values", "decoding with the values rotated too",
      "Rotate q and k only: v carries content, not position.", {.rope_on_values = true});
  add("rope_along_heads",
      "decoding with q and k rotated while still (B, T_new, num_heads, d_head), by a RoPE that "
      "takes axis -2 as time: head h of every token at position L + h",
      "Rotate after the heads' transpose, on (B, num_heads, T_new, d_head), so that axis -2 is "
      "the tokens: token i at position L + i.",
      {.rope_along_heads = true});
  add("scale_by_d_model", "decoding with the scores divided by sqrt(d_model)",
      "Divide by sqrt(d_head), the size of one head's dot product.", {.scale_by_d_model = true});
  add("softmax_wrong_dim", "decoding with the softmax over a call's queries (axis -2)",
      "The weights of one new token sum to 1 over the keys it may see: softmax over the last "
      "axis (-1).",
      {.softmax_over_queries = true});
  add("out_proj_missing", "decoding with the output projection left out (the heads merged)",
      "Return out_proj(merged heads), not the merged heads.", {.no_out_proj = true});
  add("cache_not_attended",
      "decoding where each call attends to its own chunk's keys only, causally, not to the cache",
      "Attend over the whole cache after the append (cache.k, cache.v: L + T_new keys), with the "
      "mask allowing keys j <= L + i.",
      {.own_chunk_only = true});
  add("cache_keys_rerotated",
      "decoding where each call rotates the whole cache from position 0, its cached keys (already "
      "rotated) again with the new ones",
      "The cache stores keys already rotated: rotate only the new keys (from cache.length()), "
      "then append them; never rotate the cache again.",
      {.keys_rerotated = true});
  add("queries_rotated_after_append",
      "decoding with the queries rotated from the cache's length after the append (L + T_new), "
      "not before (L)",
      "Read L = cache.length() once, before appending: new token i's query and key both sit at "
      "position L + i.",
      {.q_after_append = true});
  add("keys_never_rotated",
      "decoding with RoPE on the queries only: the keys cached and attended unrotated",
      "Rotate the new keys as you rotate the queries (from cache.length()), then append them: "
      "the score q·k sees the relative position only when both are rotated.",
      {.keys_unrotated = true});
  add("keys_rotated_from_zero",
      "decoding with every call's keys rotated from position 0 (its queries from cache.length())",
      "The new keys sit at positions L + i like the queries: rotate both from L = "
      "cache.length(), read before appending.",
      {.keys_restart = true});
  add("rope_frequencies_over_d_model",
      "decoding with RoPE's frequencies computed over d_model, 10000^(-2i/d_model), not over "
      "each head's d_head",
      "RoPE rotates each head's d_head features: inv_freq = 10000^(-2i/d_head), i = 0 .. "
      "d_head/2 - 1.",
      {.frequencies_over_d_model = true});
  add("rope_frequencies_exponent_halved",
      "decoding with RoPE's inverse frequencies 10000^(-i/d_head), i = 0 .. d_head/2 - 1: the "
      "exponent's factor 2 left out",
      "Pair i turns by 10000^(-2i/d_head) per position: the exponents are arange(0, d_head, 2) / "
      "d_head (or 2 * arange(d_head / 2) / d_head).",
      {.frequencies_exponent_halved = true});
  add("heads_merged_without_transpose",
      "decoding with the heads (B, num_heads, T_new, d_head) viewed as (B, T_new, d_model) "
      "without moving the heads axis back behind the tokens",
      "Merge with heads.transpose(1, 2).contiguous().view({B, T_new, d_model}): with one new "
      "token the two agree, with several they mix tokens and heads.",
      {.merged_without_transpose = true});
  return entries;
}

std::vector<Case> discriminating_cases() {
  kt::Generator gen(20261201);
  // Three heads in the first: RoPE's frequencies over d_model (10000^(1/3) as the base) and with
  // the exponent's 2 left out (base 100) turn differently; with two heads both are base 100.
  return {make_case(gen, 1, 3, 4, false, {2, 1, 2}), make_case(gen, 2, 1, 2, true, {3, 2})};
}

namespace {

/// y = x Wᵀ + b, as nn::Linear computes it.
kt::Tensor linear(const kt::Tensor& x, const kt::Tensor& w, const kt::Tensor& b) {
  const kt::Tensor y = kt::matmul(x, w.transpose(0, 1));
  return b.defined() ? y + b : y;
}

std::string positions_text(int64_t first, int64_t n) {
  return n == 1 ? "position " + std::to_string(first)
                : "positions " + std::to_string(first) + ".." + std::to_string(first + n - 1);
}

}  // namespace

std::vector<Step> expected_steps(const Case& c) {
  const int64_t B = c.B, H = c.H, dh = c.d_head, D = c.D(), T = c.T();
  const int64_t n = c.chunks.back(), L = T - n;
  // A step equal to its only input is that input (Steps::add).
  Steps steps;
  const auto split = [&](const kt::Tensor& t, int64_t tokens) {
    return t.view({B, tokens, H, dh}).transpose(1, 2).contiguous();
  };
  const kt::Tensor x = c.x.to(kt::Float64);
  const kt::Tensor x_new = x.narrow(1, L, n).contiguous();
  const kt::Tensor q = linear(x_new, c.w.wq, c.w.bq), k = linear(x_new, c.w.wk, c.w.bk),
                   v = linear(x_new, c.w.wv, c.w.bv);
  const size_t q0 = steps.add("q = q_proj(x) (new tokens)", q, -1, {});
  const size_t k0 = steps.add("k = k_proj(x) (new tokens)", k, -1, {});
  const size_t v0 = steps.add("v = v_proj(x) (new tokens)", v, -1, {});
  const kt::Tensor qh = split(q, n), kh = split(k, n), vh = split(v, n);
  const size_t q1 = steps.add("q split into heads", qh, 1, {q0}, true);
  const size_t k1 = steps.add("k split into heads", kh, 1, {k0}, true);
  const size_t v1 = steps.add("v split into heads", vh, 1, {v0}, true);
  const std::string at = " at " + positions_text(L, n);
  const kt::Tensor q_rot = ref::rope(qh, L), k_rot = ref::rope(kh, L);
  const size_t q2 = steps.add("q rotated" + at, q_rot, 1, {q1});
  const size_t k2 = steps.add("k rotated" + at, k_rot, 1, {k1});
  // The cache before the call: the earlier tokens' keys, rotated at their own positions.
  kt::Tensor cache_k = k_rot, cache_v = vh;
  if (L > 0) {
    const kt::Tensor x_old = x.narrow(1, 0, L).contiguous();
    cache_k = kt::cat({ref::rope(split(linear(x_old, c.w.wk, c.w.bk), L), 0), k_rot}, 2);
    cache_v = kt::cat({split(linear(x_old, c.w.wv, c.w.bv), L), vh}, 2);
  }
  const size_t ck = steps.add("cache.k after the append", cache_k, 1, {k2}, true);
  const size_t cv = steps.add("cache.v after the append", cache_v, 1, {v1}, true);
  const kt::Tensor scores = kt::matmul(q_rot, cache_k.transpose(-2, -1));
  const size_t s0 = steps.add("scores = q Kᵀ", scores, 1, {q2, ck});
  const kt::Tensor scaled = scores / std::sqrt(double(dh));
  const size_t s1 = steps.add("scores / sqrt(d_head)", scaled, 1, {s0});
  const kt::Tensor allowed = kt::tril(kt::ones({n, T}, kt::Bool), L);
  const kt::Tensor masked = scaled.masked_fill(~allowed, kt::finfo(kt::Float64).min);
  const size_t s2 = steps.add("masked: key j > L + i gets finfo.min", masked, 1, {s1});
  const kt::Tensor weights = kt::softmax(masked, -1);
  const size_t w0 = steps.add("weights = softmax over the keys (dim 3)", weights, 1, {s2});
  steps.list[w0].attention_weights = true;
  const kt::Tensor attended = kt::matmul(weights, cache_v);
  const size_t a0 = steps.add("weights @ V", attended, 1, {w0, cv});
  const kt::Tensor merged = attended.transpose(1, 2).contiguous().view({B, n, D});
  const size_t m0 = steps.add("heads merged to (B, T_new, d_model)", merged, -1, {a0}, true);
  steps.add("out = out_proj(merged)", linear(merged, c.w.wo, c.w.bo), -1, {m0});
  return steps.list;
}

namespace {

/// The case's sizes and calls, then `which` call it is: call `call` (from 0) of the case.
std::string case_text_ending(const Case& c, const std::string& which, int64_t call) {
  std::string s = "the case B = " + std::to_string(c.B) + ", H = " + std::to_string(c.H) +
                  ", d_head = " + std::to_string(c.d_head);
  if (c.chunks.size() == 1)
    return s + ", one call: a prefill of " + std::to_string(c.chunks[0]) + " on an empty cache";
  s += ", a prefill of " + std::to_string(c.chunks[0]) + " then chunk" +
       (c.chunks.size() > 2 ? "s" : "") + " of ";
  for (size_t i = 1; i < c.chunks.size(); ++i)
    s += (i == 1 ? "" : ", ") + std::to_string(c.chunks[i]);
  return s + ", " + which + ": " + call_text(c, call);
}

// Note [the call a journey and a map show]
// The steps are those of one forward call. The last call of a case is not always the one that
// went wrong: code that skips the causal mask after the prefill fails a chunk of two tokens in the
// middle, and its last call of one token is right. A map of that last call read "your weights
// equal the expected ones here: the mistake is in what comes after them" (round 52), and its
// journey was traced through a call with no mistake in it. So both are traced on the case cut
// after the first call whose outputs differ; calls before it return the same, since each call
// sees only the tokens before it.
Case cut_at_first_wrong_call(const Case& c) {
  const Decode got = run_learner(c);
  if (!got.run.ok() || got.wrong_shape) return c;
  const kt::Tensor want = run_reference(c).out;
  if (!got.run.out.defined() || got.run.out.sizes() != want.sizes()) return c;
  int64_t start = 0;
  for (size_t k = 0; k + 1 < c.chunks.size(); ++k) {
    const int64_t n = c.chunks[k];
    if (!close(got.run.out.narrow(1, start, n), want.narrow(1, start, n))) {
      Case cut = c;
      cut.chunks.resize(k + 1);
      cut.x = c.x.narrow(1, 0, start + n).contiguous();
      return cut;
    }
    start += n;
  }
  return c;
}

std::string cut_case_text(const Case& whole, const Case& cut) {
  const auto last = int64_t(cut.chunks.size()) - 1;
  if (cut.chunks.size() == whole.chunks.size())
    return case_text_ending(whole, "the last call", last);
  return case_text_ending(whole, "the first call whose outputs differ", last) +
         " (the calls after it not run)";
}

}  // namespace

std::string case_text(const Case& c) {
  return case_text_ending(c, "the last call", int64_t(c.chunks.size()) - 1);
}

kt::Tensor learner_last_call(const Case& c) {
  const Decode run = run_learner(c);
  if (!run.run.ok() || run.wrong_shape || !run.run.out.defined() || run.run.out.dim() != 3 ||
      run.run.out.size(1) != c.T())
    return {};
  const int64_t n = c.chunks.back();
  return run.run.out.narrow(1, c.T() - n, n).contiguous();
}

namespace {

// Note [a journey from a cache already wrong]
// The journey traces the last call, given the cache the learner's earlier calls built. Where that
// cache is already wrong (each call cached only its last token: round 49's reader was shown the
// first divergence at the rotation, whose positions come from the short cache's length), the steps
// are traced from it and the first divergence may only follow from it: said before the table.
// Only where the cache went wrong before any output did: where a call's output is wrong with the
// cache it leaves, the mistake shows in that call (keys rotated at the wrong frequencies make every
// call's cache and output wrong, and round 50's reader, sent to the cache, looked away from the
// rotation). "" otherwise, and where the cache the last call is given is the statement's (or
// cannot be read).
std::string cache_given_note(const Case& c) {
  if (c.chunks.size() < 2) return "";
  // The case of the first `calls` calls alone.
  const auto first_calls = [&](size_t calls) {
    Case p = c;
    p.chunks.resize(calls);
    int64_t T = 0;
    for (const int64_t n : p.chunks) T += n;
    p.x = c.x.narrow(1, 0, T).contiguous();
    return p;
  };
  const auto cache_right = [](const Decode& d, const ref::CachedSequence& want) {
    return d.cache_k.defined() && d.cache_v.defined() && d.cache_k.sizes() == want.k.sizes() &&
           d.cache_v.sizes() == want.v.sizes() && close(d.cache_k, want.k) &&
           close(d.cache_v, want.v);
  };
  // Each prefix of the calls before the last, the last of them kept: what the last call is given.
  bool cache_first = false;
  Case before;
  Decode d;
  ref::CachedSequence want;
  for (size_t calls = 1; calls < c.chunks.size(); ++calls) {
    before = first_calls(calls);
    d = run_learner(before);
    if (!d.run.ok() || d.wrong_shape) return "";
    want = run_reference(before);
    if (cache_first) continue;
    if (!close(d.run.out, want.out)) return "";  // an output went wrong first, or with the cache
    cache_first = !cache_right(d, want);
  }
  if (!cache_first) return "";
  const int64_t T = before.T();
  const std::string built =
      before.chunks.size() == 1
          ? std::string("your call before it")
          : "your " + std::to_string(before.chunks.size()) + " calls before it";
  const std::string tokens = std::to_string(T) + (T == 1 ? " token" : " tokens");
  std::string wrong;
  if (!d.cache_k.defined() || !d.cache_v.defined() || d.cache_k.sizes() != want.k.sizes() ||
      d.cache_v.sizes() != want.v.sizes()) {
    wrong = "it holds k " +
            (d.cache_k.defined() ? kt::shape_str(d.cache_k.sizes()) : std::string("undefined"));
    wrong += " where the ";
    wrong += tokens;
    wrong += " before this call make ";
    wrong += kt::shape_str(want.k.sizes());
  } else {
    const bool k_right = close(d.cache_k, want.k), v_right = close(d.cache_v, want.v);
    if (k_right && v_right) return "";
    wrong = std::string("its ") +
            (k_right   ? "values"
             : v_right ? "keys"
                       : "keys and values") +
            " differ from those of the " + tokens + " before this call";
  }
  return "This call is given the cache " + built + " built, and it is already wrong: " + wrong +
         ". The steps below are traced from that cache, so the first divergence may only follow "
         "from it: look first at what your earlier calls put in the cache.\n";
}

}  // namespace

Diagnosis<Case> diagnosis() {
  const std::vector<KvEntry> all = catalogue();
  Diagnosis<Case> d = diagnosis_over<Case>(
      all, [](const KvEntry& e, const Case& c) { return decode_with_mistakes(c, e.mistakes); });
  d.computes_pair = [all](size_t a, size_t b, const Case& c) {
    const std::optional<Mistakes> both = together(all[a].mistakes, all[b].mistakes);
    return both ? decode_with_mistakes(c, *both) : kt::Tensor();
  };
  d.discriminating_cases = discriminating_cases;
  d.learner = [](const Case& c) {
    const Decode run = run_learner(c);
    return run.wrong_shape ? kt::Tensor() : run.run.out;
  };
  d.reference = [](const Case& c) { return run_reference(c).out; };
  d.steps = expected_steps;
  d.case_text = case_text;
  d.map_axes = {"batch entry", "head"};
  d.traced = learner_last_call;
  // Note [the call a journey and a map show]
  d.attention_map = [](const Case& whole) {
    const Case c = cut_at_first_wrong_call(whole);
    return map_of_call(expected_steps(c), [&] { return run_learner(c).run.out; },
                       {"batch entry", "head"});
  };
  // The steps are the last call's: code that threw in an earlier call has no journey through them.
  d.journey = [](const Case& whole) -> Journey {
    const Case c = cut_at_first_wrong_call(whole);
    const Decode run = run_learner(c);
    if (!run.run.ok() && run.call + 1 < int64_t(c.chunks.size())) return {};
    Journey j = journey_of_call(
        expected_steps(c), [&] { return learner_last_call(c); }, cut_case_text(whole, c));
    // Note [a journey from a cache already wrong]
    const std::string header = "On " + j.on + ":\n";
    if (!j.text.empty() && !j.on.empty() && j.text.starts_with(header))
      if (const std::string note = cache_given_note(c); !note.empty())
        j.text.insert(header.size(), note);
    return j;
  };
  return d;
}

void diagnose_after_shrinking(Failure& f, const Case& failing) {
  grader::diagnose_after_shrinking<Case>(f, failing, diagnosis);
}

}  // namespace grader::kata_kv_cache
