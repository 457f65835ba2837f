// The flash_attention kata's mistake catalogue (grader/katas/flash_attention/catalogue.hpp): on the
// discriminating cases every entry differs from the reference and from every other entry, so a
// unique match means one mistake; and the entries no pitfall simulates are exact: each equals a
// blocked computation written with kt's ops as a learner would write the mistake (FlashAttention-2
// blocks, as the worked solution). (That each wrong file of the test bed gets its entry is the
// self-test's expect-diagnosis.)
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "grader/katas/flash_attention/catalogue.hpp"
#include "grader/tests/lib/entries_apart.hpp"

using namespace grader;
using namespace grader::kata_flash_attention;

namespace {

/// One mistake in the worked solution's loop.
struct Bug {
  int64_t diagonal_shift = 0;     // tril(ones, q0 - k0 + shift) in the diagonal block
  bool fill_zero = false;         // masked scores set to 0, not -inf
  bool no_skip = false;           // the key blocks after the diagonal visited (and masked)
  bool every_block_tril = false;  // every visited block masked with tril(ones(Bq, Bk))
  bool stops_before_diagonal = false;
  bool drops_short_key_block = false;
  double scale = 0;  // 0: 1/√d
};

kt::Tensor blocked(const Case& c, const Bug& bug) {
  const kt::Tensor q = c.q, k = c.k, v = c.v;
  const int64_t T = q.size(-2), B = c.block;
  const double scale = bug.scale != 0 ? bug.scale : 1.0 / std::sqrt(double(q.size(-1)));
  const double inf = std::numeric_limits<double>::infinity();
  std::vector<kt::Tensor> out_blocks;
  for (int64_t q0 = 0; q0 < T; q0 += B) {
    const int64_t q1 = std::min(T, q0 + B);
    const kt::Tensor qb = q.slice(-2, q0, q1) * scale;
    kt::Shape per_query = qb.sizes();
    per_query.back() = 1;
    kt::Tensor m = kt::full(per_query, -inf), l = kt::zeros_like(m);
    kt::Shape acc_shape = qb.sizes();
    acc_shape.back() = v.size(-1);
    kt::Tensor acc = kt::zeros(acc_shape);
    int64_t k_end = c.causal && !bug.no_skip ? q1 : T;
    if (c.causal && bug.stops_before_diagonal) k_end = q0;
    for (int64_t k0 = 0; k0 < k_end; k0 += B) {
      const int64_t k1 = std::min(T, k0 + B);
      if (bug.drops_short_key_block && k1 - k0 < B) break;
      kt::Tensor s = kt::matmul(qb, k.slice(-2, k0, k1).transpose(-2, -1));
      if (c.causal && (k1 > q0 || bug.every_block_tril)) {
        const int64_t offset = bug.every_block_tril ? 0 : q0 - k0 + bug.diagonal_shift;
        const kt::Tensor visible = kt::tril(kt::ones({q1 - q0, k1 - k0}, kt::Bool), offset);
        s = s.masked_fill(~visible, bug.fill_zero ? 0.0 : -inf);
      }
      const kt::Tensor m_new = kt::maximum(m, kt::amax(s, -1, true));
      const kt::Tensor p = kt::exp(s - m_new), alpha = kt::exp(m - m_new);
      l = l * alpha + kt::sum(p, -1, true);
      acc = acc * alpha + kt::matmul(p, v.slice(-2, k0, k1));
      m = m_new;
    }
    out_blocks.push_back(acc / l);
  }
  return kt::cat(out_blocks, -2);
}

/// The entry of that id whose `what` holds `words`.
FlashEntry entry(const std::string& id, const std::string& words = "") {
  for (const FlashEntry& e : catalogue())
    if (e.entry.id == id && e.entry.what.find(words) != std::string::npos) return e;
  FAIL("no entry " << id << " saying " << words);
  return {};
}

/// The discriminating cases and a few more (one key block; block 1; a block dividing T).
std::vector<Case> cases() {
  std::vector<Case> all = discriminating_cases();
  for (const bool causal : {true, false}) {
    for (const int64_t block : {1, 3, 8}) all.push_back(fixed_case(6, 2, block, causal, 7));
  }
  return all;
}

}  // namespace

TEST_CASE("every flash_attention catalogue entry differs from the reference and from every other",
          "[catalogue][flash_attention]") {
  const std::vector<Case> cases = discriminating_cases();
  for (const Case& c : cases) {
    INFO(c.call());
    CHECK(c.T() % c.block != 0);
    CHECK(c.dv() != c.d());
  }
  grader::testing::check_catalogue_apart(catalogue(), cases, run_reference);
}

TEST_CASE("the flash_attention catalogue's own simulations are the mistakes written with kt's ops",
          "[catalogue][flash_attention]") {
  struct Pair {
    FlashEntry e;
    Bug bug;
  };
  const std::vector<Pair> pairs = {
      {entry("masked_score_zero", "diagonal block"), {.fill_zero = true}},
      {entry("masked_score_zero", "every masked"), {.fill_zero = true, .no_skip = true}},
      {entry("causal_mask_sees_next_key", "own block"), {.diagonal_shift = 1}},
      {entry("causal_mask_sees_next_key", "included"), {.diagonal_shift = 1, .no_skip = true}},
      {entry("causal_mask_hides_own_key"), {.diagonal_shift = -1}},
      {entry("causal_mask_block_relative"), {.every_block_tril = true}},
      {entry("causal_skips_diagonal_block"), {.stops_before_diagonal = true}},
      {entry("last_key_block_dropped"), {.drops_short_key_block = true}},
      {entry("missing_scale"), {.scale = 1.0}},
  };
  for (const Pair& p : pairs) {
    for (const Case& c : cases()) {
      if (p.bug.drops_short_key_block && c.block > c.T()) continue;  // no block at all: 0 / 0
      INFO(p.e.entry.what << " on " << c.call() << " T = " << c.T());
      CHECK(same_as_mistake(blocked(c, p.bug), p.e.computes(c)));
    }
  }
  // And without a bug the loop is attention (the test's loop is right).
  for (const Case& c : cases()) CHECK(close(blocked(c, {}), run_reference(c)));
}
