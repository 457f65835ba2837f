// The flash_attention kata's first diverging step (grader/katas/flash_attention/journey.hpp, Note
// [flash_attention journey]): a correct blocked computation diverges nowhere, whether it takes
// blocks of queries or every query against each key block, causal or not, whatever the block size;
// a bug is reported at its step, along the tiling the code follows. The code is traced here with
// kt's ops, as a learner's call would be.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "grader/katas/flash_attention/catalogue.hpp"
#include "grader/katas/flash_attention/journey.hpp"
#include "grader/lib/compare.hpp"

using namespace grader;
using namespace grader::kata_flash_attention;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

/// FlashAttention-2, as the worked solution; `scaled` false leaves 1/√d out, `masked` false the
/// diagonal block unmasked; with is_causal, `key_end_less` ends the key blocks that many queries
/// early (wrong/causal_key_end_one_early.cpp).
kt::Tensor query_blocks(const Case& c, bool scaled = true, bool masked = true,
                        int64_t key_end_less = 0) {
  const int64_t T = c.T(), B = c.block;
  std::vector<kt::Tensor> out_blocks;
  for (int64_t q0 = 0; q0 < T; q0 += B) {
    const int64_t q1 = std::min(T, q0 + B);
    const kt::Tensor qb = c.q.slice(-2, q0, q1) * (scaled ? 1.0 / std::sqrt(double(c.d())) : 1.0);
    kt::Shape per_query = qb.sizes();
    per_query.back() = 1;
    kt::Tensor m = kt::full(per_query, -kInf), l = kt::zeros_like(m), acc;
    for (int64_t k0 = 0; k0 < (c.causal ? q1 - key_end_less : T); k0 += B) {
      const int64_t k1 = std::min(T, k0 + B);
      kt::Tensor s = kt::matmul(qb, c.k.slice(-2, k0, k1).transpose(-2, -1));
      if (masked && c.causal && k1 > q0)
        s = s.masked_fill(~kt::tril(kt::ones({q1 - q0, k1 - k0}, kt::Bool), q0 - k0), -kInf);
      const kt::Tensor m_new = kt::maximum(m, kt::amax(s, -1, true));
      const kt::Tensor p = kt::exp(s - m_new), alpha = kt::exp(m - m_new);
      l = l * alpha + kt::sum(p, -1, true);
      const kt::Tensor pv = kt::matmul(p, c.v.slice(-2, k0, k1));
      acc = acc.defined() ? acc * alpha + pv : pv;
      m = m_new;
    }
    out_blocks.push_back(acc / l);
  }
  return kt::cat(out_blocks, -2);
}

/// Every query against each key block (accepted/key_blocks_all_queries.cpp); `rescale_acc` false
/// leaves the accumulator unrescaled.
kt::Tensor key_blocks(const Case& c, bool rescale_acc = true) {
  const int64_t T = c.T(), B = c.block;
  kt::Shape per_query = c.q.sizes(), out_shape = c.q.sizes();
  per_query.back() = 1;
  out_shape.back() = c.dv();
  kt::Tensor m = kt::full(per_query, -kInf), l = kt::zeros(per_query), acc = kt::zeros(out_shape);
  for (int64_t k0 = 0; k0 < T; k0 += B) {
    const int64_t k1 = std::min(T, k0 + B), r0 = c.causal ? k0 : 0;
    kt::Tensor s = kt::matmul(c.q.slice(-2, r0, T), c.k.slice(-2, k0, k1).transpose(-2, -1)) /
                   std::sqrt(double(c.d()));
    if (c.causal) s = s.masked_fill(~kt::tril(kt::ones({T - r0, k1 - k0}, kt::Bool)), -kInf);
    kt::Tensor m_rows = m.slice(-2, r0, T), l_rows = l.slice(-2, r0, T);
    kt::Tensor acc_rows = acc.slice(-2, r0, T);
    const kt::Tensor m_new = kt::maximum(m_rows, kt::amax(s, -1, true));
    const kt::Tensor p = kt::exp(s - m_new), alpha = kt::exp(m_rows - m_new);
    l_rows.copy_(l_rows * alpha + kt::sum(p, -1, true));
    acc_rows.copy_((rescale_acc ? acc_rows * alpha : acc_rows) +
                   kt::matmul(p, c.v.slice(-2, k0, k1)));
    m_rows.copy_(m_new);
  }
  return acc / l;
}

std::string journey_of(const Case& c, const std::function<kt::Tensor()>& code) {
  kt::Tensor out;
  const std::vector<kt::TraceEvent> events = trace_learner([&] { out = code(); });
  return journey_of_trace(c, events, out).text;
}

std::vector<Case> cases() {
  std::vector<Case> all = discriminating_cases();
  for (const bool causal : {true, false}) {
    for (const int64_t block : {1, 2, 3, 6, 9}) all.push_back(fixed_case(6, 3, block, causal, 5));
  }
  return all;
}

}  // namespace

TEST_CASE("the flash_attention steps end with attention", "[journey][flash_attention]") {
  for (const Case& c : cases()) {
    CHECK(close(steps_every_query(c).back().value, run_reference(c)));
    CHECK(close(steps_query_block(c).back().value, run_reference(c)));
  }
}

TEST_CASE("a correct blocked flash_attention diverges nowhere, in either tiling",
          "[journey][flash_attention]") {
  for (const Case& c : cases()) {
    INFO(case_text(c));
    CHECK(journey_of(c, [&] { return query_blocks(c); }).empty());
    CHECK(journey_of(c, [&] { return key_blocks(c); }).empty());
  }
}

TEST_CASE("a flash_attention bug is reported at its step, along the code's tiling",
          "[journey][flash_attention]") {
  const Case c = discriminating_cases()[3];  // T = 7, block_size 2, not causal
  // The scale left out, in blocks of queries: the first scores are the second query block's, and
  // the op that makes them unscaled is a multiple of them.
  const std::string unscaled = journey_of(c, [&] { return query_blocks(c, false); });
  INFO(unscaled);
  CHECK(unscaled.find("has the shape of step 1 (s₀ = q[2:4] k[0:2]ᵀ/√d) but computes it "
                      "differently") != std::string::npos);
  CHECK(unscaled.find("(everywhere the step times 1.41421 = sqrt(2)). It is the first step") !=
        std::string::npos);
  // The accumulator not rescaled, every query against each key block: everything up to acc₁.
  const std::string stale = journey_of(c, [&] { return key_blocks(c, false); });
  INFO(stale);
  CHECK(stale.find("Step 10 (acc₁ = α acc₀ + exp(s₁ − m₁) v[2:4], [") != std::string::npos);
  CHECK(stale.find(" 1. s₀ = q k[0:2]ᵀ/√d") != std::string::npos);
  // The diagonal block left unmasked: the masked scores are its step, not the next one.
  const Case causal = discriminating_cases()[0];  // T = 7, block_size 3, causal
  const std::string unmasked =
      journey_of(causal, [&] { return query_blocks(causal, true, false); });
  INFO(unmasked);
  CHECK(unmasked.find("Step 6 (s₁ = q[3:6] k[3:6]ᵀ/√d, masked, [") != std::string::npos);
  // The last query block (one query) never visits its own key block: the steps, of q[3:6], are
  // all there; the output differs at query 6 alone, and that is said.
  const std::string one_early =
      journey_of(causal, [&] { return query_blocks(causal, true, true, 1); });
  INFO(one_early);
  CHECK(one_early.find("Step 11 (out = acc / l, every key block summed, [") != std::string::npos);
  CHECK(one_early.find("Your output differs from it at query 6 only, in the query block q[6:7]: "
                       "the steps above are of other queries.") != std::string::npos);
  // Key blocks that end one key early: which rows of k the code takes, beside the key blocks.
  {
    kt::Tensor out;
    const std::vector<kt::TraceEvent> events = trace_learner([&] {
      const kt::Tensor s0 =
          kt::matmul(causal.q.slice(-2, 0, 3), causal.k.slice(-2, 0, 2).transpose(-2, -1));
      const kt::Tensor s1 =
          kt::matmul(causal.q.slice(-2, 3, 6), causal.k.slice(-2, 3, 5).transpose(-2, -1));
      out = query_blocks(causal) + 0.0 * kt::sum(s0) * kt::sum(s1);
    });
    const std::vector<NamedInput> named = {{"q", causal.q, kt::trace_meta(causal.q), 0},
                                           {"k", causal.k, kt::trace_meta(causal.k), 0},
                                           {"v", causal.v, kt::trace_meta(causal.v), 0}};
    // (A journey is there only when something diverges: the output, scaled, here.)
    const std::string sliced = journey_of_trace(causal, events, out * 2.0, false, named).text;
    INFO(sliced);
    CHECK(sliced.find("Your code slices k's rows as [0:2], [3:5], [0:3], [3:6], [6:7]; at "
                      "block_size 3 the key blocks are [0:3], [3:6], [6:7].") != std::string::npos);
    // Rows that are the key blocks are not said.
    kt::Tensor right;
    const std::vector<kt::TraceEvent> blocks = trace_learner([&] { right = query_blocks(causal); });
    CHECK(journey_of_trace(causal, blocks, right * 2.0, false, named).text.find("slices k") ==
          std::string::npos);
  }
  // Where the output differs on the queries the steps follow, nothing more is said.
  CHECK(unmasked.find("Your output differs from it at") == std::string::npos);
  // No maximum subtracted, on scores in the thousands (one block): a rescale factor of 1 is no
  // evidence of l₀, all ones there, nor is anything of p₀, one-hot there.
  Case big = fixed_case(2, 1, 2, false, 3);
  big.q = big.q * 60.0;
  big.k = big.k * 60.0;
  const std::string overflow = journey_of(big, [&] {
    const kt::Tensor s = kt::matmul(big.q, big.k.transpose(-2, -1));
    const kt::Tensor m = kt::zeros({2, 1});
    const kt::Tensor p = kt::exp(s - m), alpha = kt::exp(m - m);
    const kt::Tensor l = kt::zeros({2, 1}) * alpha + kt::sum(p, -1, true);
    return kt::matmul(p, big.v) / l;
  });
  INFO(overflow);
  CHECK(overflow.find("Step 2 (m₀ = rowmax s₀, [") != std::string::npos);
}

TEST_CASE("the flash_attention map is the learner's output with v the identity",
          "[journey][flash_attention]") {
  for (const bool causal : {true, false}) {
    const Case c = map_case(causal);
    CHECK(c.v.size(-1) == c.T());
    // With v the identity, attention's output is its weights: each row sums to 1, and with
    // is_causal nothing above the diagonal.
    const kt::Tensor w = run_reference(c);
    CHECK(close(kt::sum(w, -1), kt::ones({c.T()})));
    if (causal) CHECK(kt::all(kt::triu(w, 1) == 0.0).item() != 0.0);
  }
}
