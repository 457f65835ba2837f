// The kv_cache kata's first diverging step and attention map, on the first call of a case whose
// outputs differ (Note [the call a journey and a map show] in catalogue.cpp; its steps:
// catalogue.hpp's expected_steps): a decode with a single bug in one step is reported at that
// step of that call, a correct one diverges nowhere, and that call's weights are found.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>
#include <vector>

#include "grader/katas/kv_cache/catalogue.hpp"
#include "grader/tests/lib/diverging_step.hpp"
#include "grader/tests/lib/learner_stand_ins.hpp"

namespace {

using namespace grader;
using namespace grader::kata_kv_cache;

enum class Bug {
  None,
  KeysRerotated,
  QueriesAfterAppend,
  OwnChunkOnly,
  SoftmaxOverQueries,
  NoOut,
  LastTokenOnly,
  RawKeysCached
};

kt::Tensor rope(const kt::Tensor& x, int64_t start) {
  const int64_t T = x.size(2), d = x.size(3), half = d / 2;
  const kt::Tensor inv_freq =
      kt::exp(kt::arange(double(half)) * (-2.0 * std::log(10000.0) / double(d)));
  const kt::Tensor angles = kt::arange(double(start), double(start + T)).unsqueeze(1) * inv_freq;
  const kt::Tensor cos = kt::cos(angles), sin = kt::sin(angles);
  const kt::Tensor x1 = x.narrow(-1, 0, half), x2 = x.narrow(-1, half, half);
  return kt::cat({x1 * cos - x2 * sin, x2 * cos + x1 * sin}, -1);
}

/// The worked solution, with `bug`.
void learner_computes(Bug bug) {
  stand_in::cached_attention = [bug](const CachedAttention& m, const kt::Tensor& x,
                                     KVCache& cache) {
    const int64_t B = x.size(0), T = x.size(1), L = cache.length();
    const auto split = [&](const kt::Tensor& t) {
      return t.view({B, T, m.num_heads, m.d_head}).transpose(1, 2);
    };
    const kt::Tensor k_raw = split(m.k_proj(x)), v = split(m.v_proj(x));
    // What this call attends to, and what it leaves in the cache. (The keys rotated at this
    // call's positions are not computed where the bug never computes them.)
    const bool rerotated = bug == Bug::KeysRerotated;  // the whole cache rotated from 0 again
    const kt::Tensor k = rerotated ? kt::Tensor() : rope(k_raw, L);
    kt::Tensor keys = rerotated ? rope(L == 0 ? k_raw : kt::cat({cache.k, k_raw}, 2), 0)
                      : L == 0  ? k
                                : kt::cat({cache.k, k}, 2);
    kt::Tensor values = L == 0 ? v : kt::cat({cache.v, v}, 2);
    kt::Tensor cached_k = keys, cached_v = values;
    if (bug == Bug::LastTokenOnly) {  // each call caches its last token only
      cached_k = L == 0 ? k.narrow(2, T - 1, 1) : kt::cat({cache.k, k.narrow(2, T - 1, 1)}, 2);
      cached_v = L == 0 ? v.narrow(2, T - 1, 1) : kt::cat({cache.v, v.narrow(2, T - 1, 1)}, 2);
    }
    if (bug == Bug::RawKeysCached)  // the keys cached before the rotation
      cached_k = L == 0 ? k_raw : kt::cat({cache.k, k_raw}, 2);
    cache.k = cached_k;
    cache.v = cached_v;
    const kt::Tensor q = rope(split(m.q_proj(x)), bug == Bug::QueriesAfterAppend ? L + T : L);
    if (bug == Bug::OwnChunkOnly) {
      keys = k;
      values = v;
    }
    const bool own = bug == Bug::OwnChunkOnly;
    const kt::Tensor allowed = kt::tril(kt::ones({T, keys.size(2)}, kt::Bool), own ? 0 : L);
    kt::Tensor scores = kt::matmul(q, keys.transpose(-2, -1)) / std::sqrt(double(m.d_head));
    scores = scores.masked_fill(~allowed, kt::finfo(scores.dtype()).min);
    const kt::Tensor heads =
        kt::matmul(kt::softmax(scores, bug == Bug::SoftmaxOverQueries ? -2 : -1), values);
    const kt::Tensor merged = heads.transpose(1, 2).contiguous().view({B, T, m.d_model});
    return bug == Bug::NoOut ? merged : m.out_proj(merged);
  };
}

struct Reset {
  ~Reset() { stand_in::cached_attention = nullptr; }
};

Case a_case() {
  kt::Generator gen(7);
  return make_case(gen, 2, 2, 4, true, {2, 1, 3});
}

}  // namespace

TEST_CASE("a correct kv_cache decode diverges nowhere on its last call", "[kv_cache][journey]") {
  const Reset reset;
  learner_computes(Bug::None);
  const Diagnosis<Case> d = diagnosis();
  CHECK(journey_of(d, a_case()).text.empty());
  kt::Generator gen(8);
  CHECK(journey_of(d, make_case(gen, 1, 1, 2, false, {4})).text.empty());
}

TEST_CASE(
    "a single bug in a kv_cache decode is reported at its step of the first call it gets wrong",
    "[kv_cache][journey]") {
  const Reset reset;
  struct Expect {
    Bug bug;
    const char* step;
    const char* call;  // the first call whose outputs differ
  };
  const char* prefill = "forward call 1 of 3 (tokens 0..1, on an empty cache)";
  const char* second = "forward call 2 of 3 (token 2, 2 tokens already cached)";
  const std::vector<Expect> bugs = {
      // (The prefill's keys rotated from 0 are right: the cache re-rotated shows on call 2.)
      {Bug::KeysRerotated, "k rotated at position 2", second},
      {Bug::QueriesAfterAppend, "q rotated at positions 0..1", prefill},
      {Bug::OwnChunkOnly, "scores = q Kᵀ", second},
      {Bug::SoftmaxOverQueries, "weights = softmax over the keys (dim 3)", prefill},
      {Bug::NoOut, "out = out_proj(merged)", prefill},
  };
  const Diagnosis<Case> d = diagnosis();
  for (const Expect& e : bugs) {
    CAPTURE(int(e.bug));
    learner_computes(e.bug);
    const std::string text = journey_of(d, a_case()).text;
    INFO(text);
    CHECK(diverging_step(text) == e.step);
    CHECK(text.rfind(std::string("On the case B = 2, H = 2, d_head = 4, a prefill of 2 then chunks "
                                 "of 1, 3, the first call whose outputs differ: ") +
                         e.call + " (the calls after it not run):\n",
                     0) == 0);
  }
}

TEST_CASE("a kv_cache bug that shows on the last call only is reported on the last call",
          "[kv_cache][journey]") {
  const Reset reset;
  // A chunk of one token after the prefill is right with its own chunk only (it sees the cache
  // and itself); the last chunk of three is not.
  learner_computes(Bug::OwnChunkOnly);
  kt::Generator gen(7);
  const Case c = make_case(gen, 2, 2, 4, true, {2, 3});
  const std::string text = journey_of(diagnosis(), c).text;
  INFO(text);
  CHECK(diverging_step(text) == "scores = q Kᵀ");
  CHECK(text.rfind("On the case B = 2, H = 2, d_head = 4, a prefill of 2 then chunk of 3, the last "
                   "call: forward call 2 of 2 (tokens 2..4, 2 tokens already cached):\n",
                   0) == 0);
}

TEST_CASE("the kv_cache attention map shows the weights of the first call it gets wrong",
          "[kv_cache][attention map]") {
  const Reset reset;
  const Diagnosis<Case> d = diagnosis();
  // Wrong from call 2 on (the cache re-rotated): call 2's one new token over its 3 keys. (The
  // last call's map was shown before, round 52: of a call that was not the first to go wrong.)
  learner_computes(Bug::KeysRerotated);
  const AttentionMap second = map_of(d, a_case());
  CHECK(second.rows == 1);
  CHECK(second.cols == 3);
  // Wrong from the prefill on: its 2 tokens over 2 keys.
  learner_computes(Bug::SoftmaxOverQueries);
  const AttentionMap prefill = map_of(d, a_case());
  CHECK(prefill.rows == 2);
  CHECK(prefill.cols == 2);
  // Right until the last call (a chunk of 3 after a prefill of 2): its 3 new tokens over 5 keys.
  learner_computes(Bug::KeysRerotated);
  kt::Generator gen(7);
  const AttentionMap m = map_of(d, make_case(gen, 2, 2, 4, true, {2, 3}));
  REQUIRE(m.rows == 3);  // the last call's 3 new tokens
  REQUIRE(m.cols == 5);  // over the 5 keys of the cache after its append
  CHECK(m.where.rfind("batch entry ", 0) == 0);
  CHECK(m.where.find(", head ") != std::string::npos);
  learner_computes(Bug::None);
  const AttentionMap right = map_of(d, a_case());
  REQUIRE(right.rows == 3);  // none wrong: the last call's
  for (size_t i = 0; i < right.got.size(); ++i) CHECK(right.got[i] == Approx(right.expected[i]));
}

TEST_CASE("a kv_cache journey given a cache its earlier calls got wrong says so before the table",
          "[kv_cache][journey]") {
  // Note [a journey from a cache already wrong]: the first wrong call's steps are traced from
  // that cache (here call 2, after the prefill).
  const Reset reset;
  const Diagnosis<Case> d = diagnosis();
  const std::string note =
      "This call is given the cache your call before it built, and it is "
      "already wrong: ";
  learner_computes(Bug::LastTokenOnly);
  const std::string short_cache = journey_of(d, a_case()).text;
  INFO(short_cache);
  CHECK(short_cache.find(note + "it holds k [2, 2, 1, 4] where the 2 tokens before this call make "
                                "[2, 2, 2, 4]. The steps below are traced from that cache, so the "
                                "first divergence may only follow from it: look first at what "
                                "your earlier calls put in the cache.\n") != std::string::npos);
  CHECK(short_cache.find(note) < short_cache.find(" 1. "));
  learner_computes(Bug::RawKeysCached);
  CHECK(journey_of(d, a_case())
            .text.find(note + "its keys differ from those of the 2 tokens "
                              "before this call.") != std::string::npos);
  // A cache the earlier calls got right, or one that went wrong with an output (the cache
  // re-rotated: call 2's output reads the key rotated twice): no such note.
  for (const Bug bug :
       {Bug::QueriesAfterAppend, Bug::OwnChunkOnly, Bug::NoOut, Bug::KeysRerotated}) {
    learner_computes(bug);
    CHECK(journey_of(d, a_case()).text.find("This call is given the cache") == std::string::npos);
  }
}
