// Detector of running_max_nan: a block whose keys are all masked for a query gives that query a
// block maximum of -inf, and exp(-inf - (-inf)) = NaN poisons its output. See Note
// [flash_attention detectors] in detect.hpp.
#include <algorithm>

#include "grader/katas/flash_attention/detect.hpp"

namespace grader::kata_flash_attention {
namespace {

Outcome check_running_max_nan(uint64_t seed) {
  return run_flash_property(seed, kDetectorCases, [&]() -> std::optional<Failure> {
    const Case c = detector_case(/*causal=*/true);
    const Run run = run_learner(c);
    if (auto stopped = cannot_check(c, run, "running_max_nan")) return stopped;
    // (…, T): the queries whose output holds a NaN.
    const std::vector<bool> nan_rows =
        kt::any(kt::isnan(run.out.to(kt::Float64)), -1).to_vector<bool>();
    const int64_t T = c.T();
    const int64_t last_block_start = (T - 1) / c.block * c.block;
    bool any_nan = false;
    for (size_t r = 0; r < nan_rows.size(); ++r) {
      if (!nan_rows[r]) continue;
      any_nan = true;
      // Only a query before the last block's first key has a block with every key in its future.
      if (int64_t(r) % T >= last_block_start) return std::nullopt;
    }
    if (!any_nan) return std::nullopt;
    // The finite rows are attention (or a known mistake's): not a mask that hides a query's own
    // key, which makes its row NaN too.
    const auto combinations = all_combinations();
    if (std::none_of(combinations.begin(), combinations.end(),
                     [&](const Mistakes& m) { return same_as(c, run.out, m); })) {
      return std::nullopt;
    }
    Case full = c;
    full.causal = false;
    const Run without = run_learner(full);
    if (!shape_ok(full, without) || kt::any(kt::isnan(without.out)).item() != 0.0) {
      return std::nullopt;  // NaN without is_causal too: some other mistake
    }
    return found_pitfall(
        c, run.out, "running_max_nan",
        "with is_causal, your output is NaN on queries that come before the last block of keys, "
        "and finite without is_causal on the same inputs. For such a query some block holds only "
        "keys in its future: all its scores are masked to -inf, the block's maximum is -inf, and "
        "exp(-inf - (-inf)) = exp(NaN) poisons the sums. Skip the blocks after the diagonal "
        "(they contribute nothing), keep the running maximum across blocks instead of "
        "exponentiating against a block's own maximum, or mask with a finite lowest value.");
  });
}

const Registrar registered_running_max_nan(
    {"pitfall_running_max_nan", "a block of keys all in a query's future does not make it NaN",
     check_running_max_nan});

}  // namespace
}  // namespace grader::kata_flash_attention
