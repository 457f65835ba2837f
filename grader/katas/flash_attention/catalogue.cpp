#include "grader/katas/flash_attention/catalogue.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

#include "grader/katas/flash_attention/journey.hpp"
#include "grader/katas/flash_attention/mistakes.hpp"

namespace grader::kata_flash_attention {
namespace {

/// What query i makes of key j in a mistake: not seen, seen with its score, or seen with a score
/// of 0 (a masked score filled with 0).
enum class Sight { Hidden, Seen, AsZero };
using SightRule = std::function<Sight(int64_t i, int64_t j, int64_t T, int64_t block)>;

/// The inputs in Float64, flat, and the sizes.
struct Flat {
  int64_t T = 0, d = 0, dv = 0, batch = 0;
  std::vector<double> q, k, v;
  explicit Flat(const Case& c)
      : T(c.T()),
        d(c.d()),
        dv(c.dv()),
        batch(c.T() == 0 || c.d() == 0 ? 0 : c.q.numel() / (c.T() * c.d())),
        q(c.q.to(kt::Float64).contiguous().to_vector<double>()),
        k(c.k.to(kt::Float64).contiguous().to_vector<double>()),
        v(c.v.to(kt::Float64).contiguous().to_vector<double>()) {}
  [[nodiscard]] double dot(int64_t b, int64_t i, int64_t j) const {
    double s = 0;
    for (int64_t x = 0; x < d; ++x)
      s += q[size_t((b * T + i) * d + x)] * k[size_t((b * T + j) * d + x)];
    return s;
  }
  [[nodiscard]] double value(int64_t b, int64_t j, int64_t x) const {
    return v[size_t((b * T + j) * dv + x)];
  }
  [[nodiscard]] kt::Tensor tensor(const std::vector<double>& out, const Case& c) const {
    return kt::from_vector(out, c.out_shape());
  }
};

/// Attention in Float64 with the scores q·k times `scale`, each query over the keys `sight` lets
/// it see (with their score, or with 0); a query that sees no key gets a NaN row (0 / 0).
kt::Tensor attend(const Case& c, double scale, const SightRule& sight) {
  const Flat f(c);
  const double nan = std::numeric_limits<double>::quiet_NaN();
  std::vector<double> out(size_t(f.batch * f.T * f.dv), nan);
  std::vector<double> s(size_t(f.T));
  std::vector<Sight> seen(size_t(f.T));
  for (int64_t b = 0; b < f.batch; ++b) {
    for (int64_t i = 0; i < f.T; ++i) {
      double m = -std::numeric_limits<double>::infinity();
      bool any = false;
      for (int64_t j = 0; j < f.T; ++j) {
        seen[size_t(j)] = sight(i, j, f.T, c.block);
        if (seen[size_t(j)] == Sight::Hidden) continue;
        s[size_t(j)] = seen[size_t(j)] == Sight::AsZero ? 0.0 : f.dot(b, i, j) * scale;
        m = std::max(m, s[size_t(j)]);
        any = true;
      }
      if (!any) continue;  // no key: 0 / 0
      double l = 0;
      std::vector<double> acc(size_t(f.dv), 0.0);
      for (int64_t j = 0; j < f.T; ++j) {
        if (seen[size_t(j)] == Sight::Hidden) continue;
        const double p = std::exp(s[size_t(j)] - m);
        l += p;
        for (int64_t x = 0; x < f.dv; ++x) acc[size_t(x)] += p * f.value(b, j, x);
      }
      for (int64_t x = 0; x < f.dv; ++x) out[size_t((b * f.T + i) * f.dv + x)] = acc[size_t(x)] / l;
    }
  }
  return f.tensor(out, c);
}

/// A softmax inside each key block the query visits (keys j <= i only, with is_causal; the key
/// blocks after the query's own skipped), the blocks' outputs averaged: the mean over blocks of
/// softmax(block's scores) v_block.
kt::Tensor per_block_softmax_averaged(const Case& c) {
  const Flat f(c);
  const double scale = 1.0 / std::sqrt(double(f.d));
  std::vector<double> out(size_t(f.batch * f.T * f.dv), 0.0);
  for (int64_t b = 0; b < f.batch; ++b) {
    for (int64_t i = 0; i < f.T; ++i) {
      const int64_t end = c.causal ? std::min(f.T, (i / c.block + 1) * c.block) : f.T;
      int64_t blocks = 0;
      std::vector<double> sum(size_t(f.dv), 0.0);
      for (int64_t k0 = 0; k0 < end; k0 += c.block) {
        const int64_t k1 = std::min(end, k0 + c.block);
        const int64_t last = c.causal ? std::min(k1 - 1, i) : k1 - 1;
        double m = -std::numeric_limits<double>::infinity();
        for (int64_t j = k0; j <= last; ++j) m = std::max(m, f.dot(b, i, j) * scale);
        double l = 0;
        std::vector<double> acc(size_t(f.dv), 0.0);
        for (int64_t j = k0; j <= last; ++j) {
          const double p = std::exp(f.dot(b, i, j) * scale - m);
          l += p;
          for (int64_t x = 0; x < f.dv; ++x) acc[size_t(x)] += p * f.value(b, j, x);
        }
        for (int64_t x = 0; x < f.dv; ++x) sum[size_t(x)] += acc[size_t(x)] / l;
        ++blocks;
      }
      for (int64_t x = 0; x < f.dv; ++x)
        out[size_t((b * f.T + i) * f.dv + x)] = sum[size_t(x)] / double(blocks);
    }
  }
  return f.tensor(out, c);
}

/// Attention whose queries that meet a key block entirely in their future (every query before the
/// last block's first key, with is_causal) get a NaN row: exp(-inf - (-inf)) in that block.
kt::Tensor nan_before_last_block(const Case& c) {
  kt::Tensor out = run_reference(c).contiguous().clone();
  if (!c.causal || c.block >= c.T()) return out;
  const int64_t last_start = (c.T() - 1) / c.block * c.block;
  out.narrow(-2, 0, last_start).fill_(std::numeric_limits<double>::quiet_NaN());
  return out;
}

Sight seen_if(bool b) { return b ? Sight::Seen : Sight::Hidden; }

}  // namespace

std::vector<FlashEntry> catalogue() {
  std::vector<FlashEntry> entries;
  const auto add = entry_adder(entries);
  const auto simulated = [](Mistakes m) {
    return [m](const Case& c) { return simulate(c.q, c.k, c.v, c.causal, c.block, m); };
  };
  const auto sqrt_d = [](const Case& c) { return 1.0 / std::sqrt(double(c.d())); };
  /// Attention with the right scale; with is_causal, each query over the keys `sight` lets it see
  /// (every key without).
  const auto causal_sight = [sqrt_d](SightRule sight) {
    return [sqrt_d, sight = std::move(sight)](const Case& c) {
      if (c.causal) return attend(c, sqrt_d(c), sight);
      return attend(c, sqrt_d(c), [](int64_t, int64_t, int64_t, int64_t) { return Sight::Seen; });
    };
  };
  /// Attention with another scale (of the case), causal as asked.
  const auto scaled = [](std::function<double(const Case&)> scale) {
    return [scale = std::move(scale)](const Case& c) {
      const bool causal = c.causal;
      return attend(c, scale(c), [causal](int64_t i, int64_t j, int64_t, int64_t) {
        return seen_if(!causal || j <= i);
      });
    };
  };

  // The online softmax's rescaling (the pitfall no_rescale, in its four forms).
  const char* rescale_fix =
      "When a block raises a query's running maximum from m_old to m_new, multiply both the "
      "accumulator and the running sum by exp(m_old - m_new) before adding the block's "
      "exp(s - m_new) terms.";
  add("no_rescale",
      "flash attention whose accumulator is not rescaled when the running maximum grows (the "
      "running sum is)",
      rescale_fix, simulated({.rescale = Rescale::AccumulatorNot}));
  add("no_rescale",
      "flash attention whose running sum is not rescaled when the running maximum grows (the "
      "accumulator is)",
      rescale_fix, simulated({.rescale = Rescale::SumNot}));
  add("no_rescale",
      "flash attention whose accumulator and running sum are never rescaled: each block's "
      "exp(s - m_new) added to sums taken under older maxima",
      rescale_fix, simulated({.rescale = Rescale::Neither}));
  add("no_rescale",
      "each key block exponentiated against its own maximum and the blocks' sums added as they "
      "are (no running maximum)",
      "Keep a running maximum across blocks and bring what was summed under an older maximum to "
      "the new one: times exp(m_old - m_new) (or a block kept against its own maximum times "
      "exp(m_block - m_new)).",
      simulated({.rescale = Rescale::BlockLocal}));
  // The end.
  add("final_normalization_missing",
      "the accumulator returned without the final division by the running sum (acc, not acc / l)",
      "Return acc / l once every key block is done: the accumulator holds the weights' numerators "
      "only.",
      simulated({.normalization_missing = true}));
  // Causality.
  add("causal_block_leak",
      "causal attention at block granularity: each query also sees the later keys of its own "
      "block (the blocks after it skipped, the diagonal block not masked inside)",
      "In the diagonal block, mask key k0 + c from query q0 + r when k0 + c > q0 + r, before the "
      "block's maximum and exponentials.",
      simulated({.block_leak = true}));
  add("running_max_nan",
      "attention with NaN rows for every query that meets a key block entirely in its future "
      "(exp(-inf - (-inf)) on a fully masked block), the other rows right",
      "Skip the key blocks after a query block's diagonal (they hold no key its queries may see), "
      "or guard a running maximum that is still -inf: take exp(m_old - m_new) as 0 there.",
      nan_before_last_block);
  add("masked_score_zero",
      "causal attention with the masked scores of the diagonal block set to 0 instead of -inf: "
      "each query also weighs the later keys of its own block, with a score of 0 (the blocks "
      "after it skipped)",
      "Fill a masked score with -inf (or the dtype's lowest value), so that exp gives it a weight "
      "of 0: a score of 0 is an ordinary score, weighted exp(0 - m).",
      causal_sight([](int64_t i, int64_t j, int64_t, int64_t B) {
        if (j <= i) return Sight::Seen;
        return j / B == i / B ? Sight::AsZero : Sight::Hidden;
      }));
  add("masked_score_zero",
      "causal attention with every masked score set to 0 instead of -inf: each query also weighs "
      "every later key, with a score of 0 (no key block skipped)",
      "Fill a masked score with -inf (or the dtype's lowest value), so that exp gives it a weight "
      "of 0: a score of 0 is an ordinary score, weighted exp(0 - m).",
      causal_sight([](int64_t i, int64_t j, int64_t, int64_t) {
        return j <= i ? Sight::Seen : Sight::AsZero;
      }));
  add("causal_mask_sees_next_key",
      "causal attention with the mask one off: each query also sees the next key (j <= i + 1) "
      "when it is in the query's own block (the blocks after it skipped, so the last query of a "
      "block does not)",
      "Query i sees keys j <= i: in the diagonal block q0 = k0, tril(ones, q0 - k0), not "
      "q0 - k0 + 1.",
      causal_sight([](int64_t i, int64_t j, int64_t, int64_t B) {
        return seen_if(j <= i || (j == i + 1 && j / B == i / B));
      }));
  add("causal_mask_sees_next_key",
      "causal attention with the mask one off: each query also sees the next key (j <= i + 1), "
      "the last query of a block included",
      "Query i sees keys j <= i: tril(ones, q0 - k0), not q0 - k0 + 1.",
      causal_sight([](int64_t i, int64_t j, int64_t, int64_t) { return seen_if(j <= i + 1); }));
  add("causal_mask_hides_own_key",
      "causal attention with the mask one off the other way: each query sees only the keys before "
      "it (j < i), not its own, so the first query sees none and its row is NaN (exp(-inf - "
      "(-inf)))",
      "A query attends to itself: keep key j when j <= i (tril(ones, q0 - k0), not q0 - k0 - 1).",
      causal_sight([](int64_t i, int64_t j, int64_t, int64_t) { return seen_if(j < i); }));
  add("causal_ignored", "attention with is_causal ignored (every query sees every key)",
      "With is_causal, query i sees keys j <= i only: mask the diagonal block inside, and skip the "
      "key blocks after it.",
      [sqrt_d](const Case& c) {
        return attend(c, sqrt_d(c), [](int64_t, int64_t, int64_t, int64_t) { return Sight::Seen; });
      });
  add("causal_skips_diagonal_block",
      "causal attention whose key loop stops before the diagonal block: each query sees only the "
      "keys of the blocks before its own, and the first block's queries see none (NaN rows, "
      "0 / 0)",
      "Visit the key blocks up to and including the diagonal one (k0 < q1, the end of the query "
      "block), masking inside it.",
      causal_sight(
          [](int64_t i, int64_t j, int64_t, int64_t B) { return seen_if(j / B < i / B); }));
  add("causal_mask_block_relative",
      "causal attention with every key block masked by the same tril(ones(block, block)), as if "
      "each started at key 0 and query 0: in a block before its own, query i sees only the keys "
      "at or before its own offset in its block",
      "Only the diagonal block needs a mask, and it is in global positions: key k0 + c is hidden "
      "from query q0 + r when k0 + c > q0 + r (tril(ones, q0 - k0)).",
      causal_sight([](int64_t i, int64_t j, int64_t, int64_t B) {
        return seen_if((j / B <= i / B && j % B <= i % B));
      }));
  add("last_key_block_dropped",
      "attention without the last, shorter key block (the key loop stops while k0 + block_size "
      "<= T)",
      "Visit the last block too, however short: for (k0 = 0; k0 < T; k0 += block_size) with "
      "k1 = min(T, k0 + block_size).",
      [sqrt_d](const Case& c) {
        const bool causal = c.causal;
        return attend(c, sqrt_d(c), [causal](int64_t i, int64_t j, int64_t T, int64_t B) {
          return seen_if((!causal || j <= i) && j < T / B * B);
        });
      });
  add("softmax_per_block_averaged",
      "a softmax inside each key block, the blocks' outputs averaged (each block gets the same "
      "say, whatever its scores)",
      "Blocks are one softmax over all keys, computed in pieces: keep a running maximum, sum and "
      "accumulator across blocks, rescaled when the maximum grows, and divide once at the end.",
      per_block_softmax_averaged);
  // The scale.
  add("missing_scale", "attention with the scores not scaled (q kᵀ, no 1/√d)",
      "Multiply the scores (or q) by 1/√d, d = q.size(-1).",
      scaled([](const Case&) { return 1.0; }));
  add("scale_by_d", "attention with the scores divided by d instead of √d",
      "Divide by std::sqrt(d), d = q.size(-1), once (1/√d applied twice, to q and to the "
      "scores, divides by d too).",
      scaled([](const Case& c) { return 1.0 / double(c.d()); }));
  add("scale_by_sqrt_d_v", "attention with the scores divided by √d_v (v's width) instead of √d",
      "The scale comes from the width of q and k: 1/√q.size(-1).",
      scaled([](const Case& c) { return 1.0 / std::sqrt(double(c.dv())); }));
  add("scale_multiplied", "attention with the scores multiplied by √d instead of divided",
      "Divide the scores by √d (or multiply by 1/√d).",
      scaled([](const Case& c) { return std::sqrt(double(c.d())); }));
  add("scale_on_output",
      "attention with the scores not scaled and the output multiplied by 1/√d instead (the scale "
      "moved from the scores to the result)",
      "The scale belongs inside the softmax: multiply the scores (or q) by 1/√d, and return acc / "
      "l as it is.",
      [unscaled = scaled([](const Case&) { return 1.0; }), sqrt_d](const Case& c) {
        return unscaled(c) * sqrt_d(c);
      });
  return entries;
}

std::vector<Case> discriminating_cases() {
  kt::Generator gen(20261201);
  struct Shape {
    kt::Shape leading;
    int64_t T, d, dv, block;
    bool causal;
  };
  const Shape shapes[] = {{{2}, 7, 3, 2, 3, true},
                          {{}, 5, 2, 3, 2, true},
                          {{}, 6, 3, 2, 4, false},
                          {{2}, 7, 2, 3, 2, false}};
  std::vector<Case> cases;
  for (const Shape& s : shapes) {
    const auto shape = [&](int64_t last) {
      kt::Shape sizes = s.leading;
      sizes.push_back(s.T);
      sizes.push_back(last);
      return sizes;
    };
    Case c;
    c.q = kt::randn(shape(s.d), gen) * 1.5;
    c.k = kt::randn(shape(s.d), gen) * 1.5;
    c.v = kt::randn(shape(s.dv), gen);
    c.causal = s.causal;
    c.block = s.block;
    cases.push_back(std::move(c));
  }
  return cases;
}

void diagnose_after_shrinking(Failure& f, const Case& failing) {
  grader::diagnose_after_shrinking<Case>(f, failing, [] {
    Diagnosis<Case> d = diagnosis_over(catalogue());
    d.discriminating_cases = discriminating_cases;
    d.keeps_failing = [](const Case& c) { return c.q.dtype() == kt::Float64; };
    d.learner = [](const Case& c) {
      const Run run = run_learner(c);
      return run.ok() && run.out.sizes() == c.out_shape() ? run.out : kt::Tensor();
    };
    d.reference = run_reference;
    d.case_text = case_text;
    d.journey = journey;
    d.attention_map = attention_map;
    return d;
  });
}

}  // namespace grader::kata_flash_attention
