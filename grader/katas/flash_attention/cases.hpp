// Random cases for the flash_attention kata's checks, the call into the learner's
// kata::flash_attention (plain, traced, or with the runtime's allocations counted), and the
// comparison of its output with the reference.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "grader/lib/check.hpp"
#include "grader/lib/compare.hpp"
#include "grader/lib/learner_call.hpp"
#include "grader/lib/property.hpp"
#include "kt/instrument.hpp"
#include "kt/tensor.hpp"

namespace grader::kata_flash_attention {

/// How a case's block_size relates to T.
enum class BlockKind {
  Any,            // one of the four below, at random
  Divides,        // a divisor of T (1 and T included)
  DoesNotDivide,  // in [2, T - 1], not a divisor: the last block is shorter (T >= 3)
  One,            // 1: one key per block
  WholeOrMore,    // T to T + 3: one block holds every key
  Smaller,        // in [2, T / 2]: at least two blocks of two keys or more (T >= 4): detectors
};

/// Ranges a check draws its cases from. The defaults are the general checks' ranges.
struct Spec {
  int64_t t_min = 1, t_max = 12, d_max = 6;
  int leading_rank_max = 2;
  std::optional<bool> causal;  // unset: at random
  BlockKind block = BlockKind::Any;
  double scale = 1.0;  // q and k are drawn N(0, scale²): large scale, large scores
};

struct Case {
  kt::Tensor q, k, v;
  bool causal = false;
  int64_t block = 1;
  [[nodiscard]] int64_t T() const { return q.size(-2); }
  [[nodiscard]] int64_t d() const { return q.size(-1); }
  [[nodiscard]] int64_t dv() const { return v.size(-1); }
  /// (…, T, d_v).
  [[nodiscard]] kt::Shape out_shape() const;
  /// The call, as the learner would write it.
  [[nodiscard]] std::string call() const;
  /// The inputs as a learner should see them with a failure.
  [[nodiscard]] std::vector<std::pair<std::string, std::string>> describe() const;
  /// The same case in another dtype (the values rounded to it).
  [[nodiscard]] Case to(kt::Dtype dtype) const;
};

/// Draws a case inside a RapidCheck property (T, d, d_v and block_size named, so shrinking shows
/// them).
Case generate(const Spec& spec = {});
/// A block size of the given kind for T (drawn inside a property).
int64_t draw_block(int64_t T, BlockKind kind);
/// A case of fixed sizes, its values from seed (for the memory and op-count checks).
Case fixed_case(int64_t T, int64_t d, int64_t block, bool causal, uint64_t seed);

/// grader::run_property, minus the RapidCheck values the case's own fields show.
Outcome run_flash_property(uint64_t seed, int cases,
                           const std::function<std::optional<Failure>()>& body);

/// Calls the learner's code on copies of the case's tensors (grader::Run: its output, or what it
/// threw, named).
Run run_learner(const Case& c);

/// A call watched: the runtime's allocations during it, and (when traced) its public ops.
struct Watched {
  Run run;
  int64_t peak_bytes = 0;  // the most bytes of kt storage alive at once during the call
  /// The largest block the global operator new gave out during the call (a std::vector's buffer,
  /// say; Note [heap watch] in heap_watch.hpp). Not measured in a traced call (the trace's own
  /// buffers would count): 0.
  int64_t largest_heap_block = 0;
  std::vector<kt::TraceEvent> events;
};
/// run_learner with the runtime's allocation accounting on (inputs copied before it starts, so
/// only what the learner's code allocates counts, its result included), and an op trace if asked
/// (else the heap watch).
Watched run_watched(const Case& c, bool trace);

/// ref::flash_attention of the case (Float64).
kt::Tensor run_reference(const Case& c);

/// The output has the case's out_shape and q's dtype.
bool shape_ok(const Case& c, const Run& run);

/// The failure for a case, with the query row where got differs most from expected.
Failure failure(const Case& c, const kt::Tensor& got, const kt::Tensor& expected,
                std::string message);
/// The failure for a call that threw or returned the wrong shape or dtype (not_implemented when it
/// threw kt::NotImplemented).
Failure failure_from_run(const Case& c, const Run& run);

/// The number of elements of a tensor of these sizes (a traced op's result, say).
int64_t elements(const kt::Shape& sizes);

/// "2.0 MiB", "512 KiB", "300 B".
std::string bytes_text(int64_t bytes);

}  // namespace grader::kata_flash_attention
