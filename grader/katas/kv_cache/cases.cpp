#include "grader/katas/kv_cache/cases.hpp"

#include "grader/katas/kv_cache/catalogue.hpp"
#include "grader/katas/kv_cache/mistakes.hpp"

#include <rapidcheck.h>

#include <algorithm>
#include <cmath>
#include <numeric>

#include "grader/lib/journey.hpp"
#include "grader/lib/projections.hpp"
#include "grader/lib/remote.hpp"
#include "reference/rope/rope.hpp"

namespace grader::kata_kv_cache {

namespace {

/// "1 token", "3 tokens".
std::string tokens_text(int64_t n) { return std::to_string(n) + (n == 1 ? " token" : " tokens"); }

std::string chunks_text(const std::vector<int64_t>& chunks) {
  if (chunks.size() == 1)
    return "one call: the whole sequence (" + tokens_text(chunks[0]) + ") from an empty cache";
  std::string s = "prefill of " + std::to_string(chunks[0]) + ", then";
  for (size_t i = 1; i < chunks.size(); ++i) s += (i == 1 ? " " : ", ") + std::to_string(chunks[i]);
  return s + " (" + std::to_string(chunks.size()) + " calls, one cache)";
}

}  // namespace

Spec detector_spec() {
  return {.T_min = 4, .T_max = 6, .split = Split::Any, .two_calls_at_least = true};
}

Spec not_appended_spec() {
  Spec spec = detector_spec();
  spec.T_min = 5;
  spec.chunk_longer_than_prefill = true;
  return spec;
}

std::vector<std::pair<std::string, std::string>> Case::describe() const {
  return {
      {"B, num_heads, d_head, d_model", std::to_string(B) + ", " + std::to_string(H) + ", " +
                                            std::to_string(d_head) + ", " + std::to_string(D())},
      {"bias", bias ? "true" : "false"},
      {"sequence length T", std::to_string(T())},
      {"forward calls", chunks_text(chunks)},
      {"x", values_text(x)}};
}

Case generate(const Spec& spec) {
  Case c;
  c.B = *rc::gen::inRange<int64_t>(1, 3).as("B");
  c.H = *rc::gen::inRange<int64_t>(1, 4).as("num_heads");
  c.d_head = 2 * *rc::gen::inRange<int64_t>(1, 3).as("d_head / 2");
  c.bias = *rc::gen::arbitrary<bool>().as("bias");
  const int64_t T = *rc::gen::inRange<int64_t>(spec.T_min, spec.T_max + 1).as("T");
  switch (spec.split) {
    case Split::Whole:
      c.chunks = {T};
      break;
    case Split::OneAtATime: {
      const int64_t prefill =
          *rc::gen::inRange<int64_t>(1, std::min<int64_t>(T, 3) + 1).as("prefill");
      c.chunks = {prefill};
      for (int64_t t = prefill; t < T; ++t) c.chunks.push_back(1);
      break;
    }
    case Split::Any: {
      int64_t left = T;
      if (spec.two_calls_at_least) {
        const bool longer = spec.chunk_longer_than_prefill;
        const int64_t n = *rc::gen::inRange<int64_t>(2, longer ? (T - 1) / 2 + 1 : T).as("prefill");
        c.chunks.push_back(n);
        left -= n;
        if (longer) {
          const int64_t m = *rc::gen::inRange<int64_t>(n + 1, left + 1).as("a chunk's size");
          c.chunks.push_back(m);
          left -= m;
        }
      }
      while (left > 0) {
        const int64_t n = *rc::gen::inRange<int64_t>(1, left + 1).as("a chunk's size");
        c.chunks.push_back(n);
        left -= n;
      }
      break;
    }
    case Split::PrefillThenSame: {
      const int64_t n = *rc::gen::inRange<int64_t>(2, 4).as("prefill and chunk size");
      c.chunks = {n, n};
      break;
    }
  }
  const auto seed = *rc::gen::inRange<uint64_t>(0, 1000000).as("seed of the values");
  kt::Generator gen(seed);
  return make_case(gen, c.B, c.H, c.d_head, c.bias, std::move(c.chunks));
}

Case make_case(kt::Generator& gen, int64_t B, int64_t H, int64_t d_head, bool bias,
               std::vector<int64_t> chunks) {
  Case c;
  c.B = B;
  c.H = H;
  c.d_head = d_head;
  c.bias = bias;
  int64_t T = 0;
  for (const int64_t n : chunks) T += n;
  c.chunks = std::move(chunks);
  c.w = random_projections(c.D(), c.D(), bias, 0.5, gen);
  c.x = kt::randn({B, T, c.D()}, gen);
  return c;
}

Outcome run_kv_property(uint64_t seed, int cases,
                        const std::function<std::optional<Failure>()>& body) {
  return run_property(seed, cases, body,
                      {"B", "num_heads", "d_head / 2", "bias", "T", "prefill", "a chunk's size",
                       "prefill and chunk size", "seed of the values"});
}

Decode run_learner(const Case& c) {
  announce_case(c.describe());  // so a crash or a timeout still names the case
  wire::Writer args;
  for (const int64_t v : {c.B, c.H, c.d_head}) args.i64(v);
  args.boolean(c.bias);
  args.tensors({c.x, c.w.wq, c.w.wk, c.w.wv, c.w.wo, c.w.bq, c.w.bk, c.w.bv, c.w.bo});
  args.shape(c.chunks);
  Decode d;
  remote::call("kv_cache", args, [&](wire::Reader& r) {
    d.run = r.run();
    d.call = r.i64();
    d.wrong_shape = r.boolean();
    d.cache_k = r.tensor();
    d.cache_v = r.tensor();
    d.cache_length = r.i64();
  });
  if (d.call < 0 || d.call > int64_t(c.chunks.size()) ||
      (d.call == int64_t(c.chunks.size()) && (d.wrong_shape || !d.run.ok())))
    abort_check("the learner's process reported forward call " + std::to_string(d.call + 1) +
                " of a case of " + std::to_string(c.chunks.size()) + " calls");
  return d;
}

ref::CachedSequence run_reference(const Case& c) { return ref::cached_attention(c.x, c.w, c.H); }

std::string call_text(const Case& c, int64_t call) {
  int64_t first = 0;
  for (int64_t i = 0; i < call; ++i) first += c.chunks[size_t(i)];
  const int64_t n = c.chunks[size_t(call)];
  return "forward call " + std::to_string(call + 1) + " of " + std::to_string(c.chunks.size()) +
         " (" +
         (n > 1 ? "tokens " + std::to_string(first) + ".." + std::to_string(first + n - 1)
                : "token " + std::to_string(first)) +
         (first == 0 ? ", on an empty cache)"
                     : ", " + std::to_string(first) + " token" + (first > 1 ? "s" : "") +
                           " already cached)");
}

Failure failure(const Case& c, const kt::Tensor& got, const kt::Tensor& expected,
                std::string message, const std::string& name) {
  Failure f;
  f.message = std::move(message);
  f.counterexample = c.describe();
  show_worst_row(got, expected, f, name);
  return f;
}

std::optional<Failure> failure_from_decode(const Case& c, const Decode& d) {
  if (d.run.ok() && !d.wrong_shape) return std::nullopt;
  if (!d.run.ok()) {
    Failure f = failure_from_throw(
        d.run, "CachedAttention::forward in " +
                   call_text(c, std::min<int64_t>(d.call, int64_t(c.chunks.size()) - 1)));
    f.counterexample = c.describe();
    // The journey up to the throw: which steps it reached, and the one it did not.
    if (d.run.threw_error()) diagnose_after_shrinking(f, c);
    return f;
  }
  Failure f;
  f.counterexample = c.describe();
  const int64_t n = c.chunks[size_t(d.call)];
  f.message = call_text(c, d.call) + " returned " +
              (d.run.out.defined() ? "shape " + kt::shape_str(d.run.out.sizes())
                                   : std::string("an undefined tensor")) +
              "; each call returns the outputs of its own new tokens only: (B, T_new, d_model) = " +
              kt::shape_str({c.B, n, c.D()}) + ".";
  f.wrong = Wrong::Shape;          // the call checks the shape only
  diagnose_after_shrinking(f, c);  // where the shape goes wrong
  return f;
}

std::string length_note(const Case& c, const Decode& d) {
  if (!d.cache_k.defined()) return "";
  int64_t seen = 0;
  for (int64_t i = 0; i < d.call && i < int64_t(c.chunks.size()); ++i) seen += c.chunks[size_t(i)];
  if (seen == 0 || d.cache_length == seen) return "";
  std::string note = " After the last call your cache.length() is " +
                     std::to_string(d.cache_length) + ", but " + tokens_text(seen) +
                     (seen == 1 ? " was" : " were") +
                     " cached: cache.length() is cache.k.size(2), so each call's positions "
                     "start from a wrong length";
  const kt::Shape& k = d.cache_k.sizes();
  const kt::Shape time_second{c.B, seen, c.H, c.d_head};
  if (k == time_second && time_second != kt::Shape{c.B, c.H, seen, c.d_head}) {
    note += ". Your cache.k is " + kt::shape_str(k) +
            ", laid out (B, T, num_heads, d_head): keep it (B, num_heads, T, d_head), appended "
            "along dim 2";
  } else if (k == kt::Shape{c.B, c.H, d.cache_length, c.d_head} && d.cache_length > seen) {
    // Laid out right, longer than what was brought: more rows appended than tokens.
    note += ". Your cache.k has its axes in the right order, " + kt::shape_str(k) + ", but " +
            std::to_string(d.cache_length) + " rows for " + tokens_text(seen) +
            (d.cache_length % seen == 0
                 ? " (" + std::to_string(d.cache_length / seen) + " rows per token)"
                 : "") +
            ": a call appends more rows than the tokens it brings (append each new key and "
            "value once)";
  } else if (k == kt::Shape{c.B, c.H, d.cache_length, c.d_head} && d.cache_length > 0 &&
             d.cache_length < seen) {
    // Laid out right, shorter: which tokens its rows are (round 49: "the cache is short" alone
    // left the reader guessing why; a cache of each call's last token read clarity 2). A row is
    // token j's key rotated at some position (the positions may be wrong too: the length is).
    const kt::Tensor raw = project_heads(c, c.w.wk, c.w.bk);  // (B, H, T, d_head)
    std::vector<int64_t> held;
    for (int64_t t = 0; t < d.cache_length; ++t) {
      const kt::Tensor row = d.cache_k.narrow(2, t, 1);
      int64_t token = -1;
      for (int64_t j = 0; j < seen && token < 0; ++j)
        for (int64_t at = 0; at <= 2 * seen && token < 0; ++at)
          if (close(row, ref::rope(raw.narrow(2, j, 1), at))) token = j;
      held.push_back(token);
    }
    std::vector<int64_t> lasts;
    for (int64_t i = 0, end = 0; i < d.call && i < int64_t(c.chunks.size()); ++i)
      lasts.push_back((end += c.chunks[size_t(i)]) - 1);
    const auto listed = [](const std::vector<int64_t>& tokens) {
      std::string text;
      for (const int64_t j : tokens) text += (text.empty() ? "" : ", ") + std::to_string(j);
      return text;
    };
    if (held == lasts) {
      note += ". Its rows are the keys of each call's last token only (tokens " + listed(held) +
              " of the sequence): a call appends the keys and values of every token it brings, "
              "all of a prefill's";
    } else if (std::none_of(held.begin(), held.end(), [](int64_t j) { return j < 0; })) {
      std::vector<int64_t> missing;
      for (int64_t j = 0; j < seen; ++j)
        if (std::find(held.begin(), held.end(), j) == held.end()) missing.push_back(j);
      note += ". Its rows are the keys of tokens " + listed(held) + " of the sequence; token" +
              (missing.size() == 1 ? " " : "s ") + listed(missing) +
              " never reached it: append the keys and values of every token a call brings";
    }
  }
  return note + ".";
}

}  // namespace grader::kata_kv_cache
