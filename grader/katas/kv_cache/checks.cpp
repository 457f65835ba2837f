// The kv_cache kata's general checks: every split of a sequence into forward calls (one prefill;
// one token at a time; any chunks) gives the outputs of one causal forward of the whole sequence,
// and leaves the whole sequence's rotated keys and values in the cache. Each known pitfall has its
// own detector in pitfalls/ID.cpp (see detect.hpp).
#include "grader/katas/kv_cache/cases.hpp"
#include "grader/katas/kv_cache/catalogue.hpp"
#include "grader/katas/kv_cache/mistakes.hpp"
#include "reference/rope/rope.hpp"

namespace grader::kata_kv_cache {
namespace {

constexpr int kCases = 60;

Outcome check_shape(uint64_t seed) {
  return run_kv_property(seed, kCases, [&]() -> std::optional<Failure> {
    Spec spec;
    spec.split = Split::Whole;
    const Case c = generate(spec);
    return failure_from_decode(c, run_learner(c));
  });
}

/// The outputs against the reference: the first call whose outputs differ is named.
std::optional<Failure> compare_outputs(const Case& c, const Decode& d, const std::string& why) {
  if (auto f = failure_from_decode(c, d)) return f;
  const kt::Tensor expected = run_reference(c).out;
  if (close(d.run.out, expected)) return std::nullopt;
  int64_t at = 0, call = 0;
  for (; call < int64_t(c.chunks.size()); ++call) {
    const int64_t n = c.chunks[size_t(call)];
    if (!close(d.run.out.narrow(1, at, n), expected.narrow(1, at, n))) break;
    at += n;
  }
  std::string message = "the outputs of " + call_text(c, call) +
                        " differ from one causal forward of the whole sequence";
  message += call == 0 ? "." : "; the calls before it match.";
  message += why + length_note(c, d);
  Failure f = failure(c, d.run.out, expected, message);
  diagnose_after_shrinking(f, c);
  return f;
}

Outcome check_prefill(uint64_t seed) {
  return run_kv_property(seed, kCases, [&]() -> std::optional<Failure> {
    Spec spec;
    spec.split = Split::Whole;
    const Case c = generate(spec);
    return compare_outputs(c, run_learner(c),
                           " This is a single call from an empty cache: causal self-attention "
                           "with RoPE on q and k at positions 0..T-1, scores scaled by "
                           "1/sqrt(d_head).");
  });
}

Outcome check_one_token_at_a_time(uint64_t seed) {
  return run_kv_property(seed, kCases, [&]() -> std::optional<Failure> {
    Spec spec;
    spec.split = Split::OneAtATime;
    const Case c = generate(spec);
    const std::string why =
        c.chunks.size() == 1
            ? " This case is a prefill alone, one call from an empty cache: token t sits at "
              "position t and sees keys 0..t."
            : " After a prefill of " + std::to_string(c.chunks.front()) +
                  ", each call brings one token: its position is the cache's length, and it "
                  "attends to every cached key and to itself.";
    return compare_outputs(c, run_learner(c), why);
  });
}

Outcome check_any_split(uint64_t seed) {
  return run_kv_property(seed, kCases, [&]() -> std::optional<Failure> {
    const Case c = generate(Spec{});
    return compare_outputs(c, run_learner(c),
                           " Whatever the chunks, new token i of a call at cache length L sits "
                           "at position L + i and sees keys 0..L + i.");
  });
}

Outcome check_cache_holds_the_sequence(uint64_t seed) {
  return run_kv_property(seed, kCases, [&]() -> std::optional<Failure> {
    const Case c = generate(Spec{});
    const Decode d = run_learner(c);
    if (auto f = failure_from_decode(c, d)) return f;
    const ref::CachedSequence want = run_reference(c);
    const kt::Shape shape{c.B, c.H, c.T(), c.d_head};
    const auto shape_of = [](const kt::Tensor& t) {
      return t.defined() ? kt::shape_str(t.sizes()) : std::string("undefined");
    };
    if (!d.cache_k.defined() || !d.cache_v.defined() || d.cache_k.sizes() != shape ||
        d.cache_v.sizes() != shape) {
      Failure f;
      f.counterexample = c.describe();
      // (Appended piece by piece: GCC 12's -Wstringop-overflow misfires on "." + std::string.)
      const std::string note = length_note(c, d);
      f.message = "after the last call the cache holds k " + shape_of(d.cache_k) + " and v " +
                  shape_of(d.cache_v) + "; it must hold the whole sequence: (B, num_heads, T, " +
                  "d_head) = " + kt::shape_str(shape) + " each";
      if (note.empty()) {
        f.message += " (cache.length() is k.size(2)).";
      } else {
        f.message += '.';
        f.message += note;
      }
      return f;
    }
    // A wrong cache with wrong outputs: the outputs' diagnosis (a catalogued mistake) joins
    // this check to theirs, the same cause (none when the outputs are right).
    if (!close(d.cache_k, want.k)) {
      std::string message =
          "the cached keys differ from the whole sequence's keys rotated at their positions "
          "(shown: the row where they differ most). The cache stores keys after RoPE, each "
          "rotated once, at its own position, and nothing else done to them (a scale belongs "
          "to the scores, not to the cached keys).";
      // Keys rotated at positions shifted by a constant: every query is shifted alike, so the
      // outputs can be right while the cache is not.
      const kt::Tensor raw = project_heads(c, c.w.wk, c.w.bk);
      for (const int64_t shift : {1, -1, 2, -2}) {
        if (!close(d.cache_k, ref::rope(raw, shift))) continue;
        const auto positions = [&](int64_t from) {
          return c.T() == 1 ? "position " + std::to_string(from)
                            : "positions " + std::to_string(from) + ".." +
                                  std::to_string(from + c.T() - 1);
        };
        message = "the cached keys are the keys rotated at " + positions(shift) + ", not " +
                  positions(0) + ": your RoPE positions are off by " + std::to_string(shift) +
                  " (shown: the row where they differ most). The token at index t of the "
                  "sequence sits at position t: a call's i-th new token at L + i, L the cache's "
                  "length before the call. (With the queries shifted alike, the scores, and so the "
                  "outputs, can still be right: only the cache shows it.)";
        break;
      }
      Failure f = failure(c, d.cache_k, want.k, message, "cache.k");
      diagnose_after_shrinking(f, c);
      return f;
    }
    if (!close(d.cache_v, want.v)) {
      Failure f = failure(c, d.cache_v, want.v,
                          "the cached values differ from the whole sequence's values (v_proj of "
                          "each token, split into heads, never rotated).",
                          "cache.v");
      diagnose_after_shrinking(f, c);
      return f;
    }
    return std::nullopt;
  });
}

const Registrar registered_shape(
    {"shape", "a call returns (B, T_new, d_model): the outputs of its new tokens", check_shape});
const Registrar registered_prefill_matches_reference(
    {"prefill_matches_reference", "one call on an empty cache equals causal attention with RoPE",
     check_prefill});
const Registrar registered_decode_one_token_at_a_time(
    {"decode_one_token_at_a_time",
     "a prefill then one token per call equals one forward of the whole "
     "sequence",
     check_one_token_at_a_time});
const Registrar registered_any_split(
    {"any_split", "any split into calls equals one forward of the whole sequence",
     check_any_split});
const Registrar registered_cache_holds_the_sequence(
    {"cache_holds_the_sequence",
     "the cache ends holding the whole sequence's rotated keys and values",
     check_cache_holds_the_sequence});

}  // namespace
}  // namespace grader::kata_kv_cache
