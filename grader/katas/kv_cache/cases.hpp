// Random cases for the kv_cache kata's checks: a module's weights, a sequence, and how it is fed
// to the learner's forward (a prefill, then chunks, each call with the same cache); the calls into
// the learner's code, and the comparison with one forward of the whole sequence.
#pragma once

#include "grader/lib/kata.hpp"

#include "reference/kv_cache/kv_cache.hpp"

namespace grader::kata_kv_cache {

/// How a case cuts its sequence into forward calls.
enum class Split {
  Whole,            // one call: a prefill of the whole sequence
  OneAtATime,       // a prefill of 1-3 tokens, then one token per call
  Any,              // chunks of any size >= 1
  PrefillThenSame,  // a prefill of n tokens, then one chunk of n (Note [kv_cache detectors])
};

struct Spec {
  int64_t T_min = 1, T_max = 7;
  Split split = Split::Any;
  bool two_calls_at_least =
      false;  // Split::Any: a prefill of >= 2 that leaves tokens for later calls
  bool chunk_longer_than_prefill =
      false;  // with two_calls_at_least (and T >= 5): the second call's chunk is longer than the
              // prefill (Note [kv_cache detectors])
};

/// The detectors' range (Note [kv_cache detectors] in detect.hpp).
Spec detector_spec();
/// cache_not_appended's: detector_spec() with a second call longer than the prefill (T 5-6).
Spec not_appended_spec();

struct Case {
  int64_t B = 1, H = 1, d_head = 2;
  bool bias = false;
  ref::MhaWeights w;
  kt::Tensor x;                 // (B, T, d_model), the whole sequence
  std::vector<int64_t> chunks;  // the tokens of each forward call, in order; they sum to T
  [[nodiscard]] int64_t D() const { return H * d_head; }
  [[nodiscard]] int64_t T() const { return x.size(1); }
  /// The inputs as a learner should see them with a failure.
  [[nodiscard]] std::vector<std::pair<std::string, std::string>> describe() const;
};

Case generate(const Spec& spec);
/// A case of the given sizes and calls, its weights (biases scaled by 0.5) and then x (randn)
/// drawn from gen: what generate() builds once it has drawn the sizes.
Case make_case(kt::Generator& gen, int64_t B, int64_t H, int64_t d_head, bool bias,
               std::vector<int64_t> chunks);

/// grader::run_property, minus the RapidCheck values only the shown fields depend on.
Outcome run_kv_property(uint64_t seed, int cases,
                        const std::function<std::optional<Failure>()>& body);

/// What the learner's code did with a case: the calls' outputs concatenated along T (run.out), or
/// the first call that threw or returned another shape (run.out is then that call's output), and
/// the cache after the last call that returned.
struct Decode {
  Run run;
  int64_t call = 0;          // how many forward calls returned normally
  bool wrong_shape = false;  // call number `call` returned another shape
  kt::Tensor cache_k, cache_v;
  int64_t cache_length = 0;
};

/// Feeds the case's chunks to the learner's CachedAttention::forward (fresh module and cache,
/// fresh copies of the weights and inputs). Never throws.
Decode run_learner(const Case& c);
/// ref::cached_attention of the whole sequence.
ref::CachedSequence run_reference(const Case& c);

/// "forward call 2 of 3 (tokens 4..5, 4 tokens already cached)".
std::string call_text(const Case& c, int64_t call);

/// The failure for a case, with the row where got differs most from expected, captioned by name
/// ("out[0, 2, :]", or "cache.k[...]" for the cached keys).
Failure failure(const Case& c, const kt::Tensor& got, const kt::Tensor& expected,
                std::string message, const std::string& name = "out");
/// The failure for a decode that threw or returned another shape (not_implemented when it threw
/// kt::NotImplemented); nullopt when every call returned its shape.
std::optional<Failure> failure_from_decode(const Case& c, const Decode& d);

/// What a cache of the wrong layout does, when its length() after the last call is not the number
/// of tokens cached: " After the last call your cache.length() is 1, but 3 tokens were cached
/// ...", or "" (the length is right, or the call threw before any cache).
std::string length_note(const Case& c, const Decode& d);

}  // namespace grader::kata_kv_cache
