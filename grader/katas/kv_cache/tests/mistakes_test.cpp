// The kv_cache kata's decode simulation: with no mistake it is the reference, whatever the split;
// each switch changes the outputs on a detector's split; and the look-alikes Note [kv_cache
// detectors] warns about are real (so the detectors' rules are needed).
#include <catch2/catch.hpp>
#include <vector>

#include "grader/katas/kv_cache/catalogue.hpp"
#include "grader/katas/kv_cache/mistakes.hpp"
#include "grader/lib/compare.hpp"

namespace {

using grader::kata_kv_cache::Case;
using grader::kata_kv_cache::decode_with_mistakes;
using grader::kata_kv_cache::Mistakes;

Case make_case(int64_t B, int64_t H, int64_t d_head, bool bias, std::vector<int64_t> chunks) {
  kt::Generator gen(99);
  return grader::kata_kv_cache::make_case(gen, B, H, d_head, bias, std::move(chunks));
}

}  // namespace

TEST_CASE("with no mistake, the decode simulation is one forward of the whole sequence",
          "[kv_cache][mistakes]") {
  for (const auto& chunks :
       std::vector<std::vector<int64_t>>{{5}, {1, 1, 1, 1, 1}, {2, 3}, {3, 1, 1}}) {
    const Case c = make_case(2, 2, 4, true, chunks);
    CHECK(grader::close(decode_with_mistakes(c, {}), ref::cached_attention(c.x, c.w, c.H).out));
  }
}

TEST_CASE("on a detector's split every kv_cache switch changes the outputs",
          "[kv_cache][mistakes]") {
  const Case c = make_case(1, 2, 4, false, {2, 1, 2});
  const kt::Tensor right = decode_with_mistakes(c, {});
  CHECK_FALSE(grader::close(decode_with_mistakes(c, {.not_appended = true}), right));
  CHECK_FALSE(grader::close(decode_with_mistakes(c, {.top_left = true}), right));
  CHECK_FALSE(grader::close(decode_with_mistakes(c, {.positions_restart = true}), right));
  // The queries alone from 0 (rope_positions_restart beside cache_recomputed) differ from both.
  const kt::Tensor queries = decode_with_mistakes(c, {.queries_restart = true});
  CHECK_FALSE(grader::close(queries, right));
  CHECK_FALSE(grader::close(queries, decode_with_mistakes(c, {.positions_restart = true})));
}

TEST_CASE("with a top-left mask and one-token calls, the other switches change nothing",
          "[kv_cache][mistakes]") {
  // Why a detector also asks that no combination without its switch fits (detect.hpp).
  const Case c = make_case(1, 1, 4, false, {3, 1, 1});
  const kt::Tensor top_left = decode_with_mistakes(c, {.top_left = true});
  CHECK(grader::close(decode_with_mistakes(c, {.not_appended = true, .top_left = true}), top_left));
  CHECK(grader::close(decode_with_mistakes(c, {.top_left = true, .positions_restart = true}),
                      top_left));
}

TEST_CASE("every kv_cache catalogue entry differs from the reference and from every other entry",
          "[kv_cache][catalogue]") {
  const auto entries = grader::kata_kv_cache::catalogue();
  const auto cases = grader::kata_kv_cache::discriminating_cases();
  std::vector<std::vector<kt::Tensor>> outs(entries.size());
  for (size_t e = 0; e < entries.size(); ++e)
    for (const Case& c : cases) outs[e].push_back(decode_with_mistakes(c, entries[e].mistakes));
  for (size_t a = 0; a < entries.size(); ++a) {
    CAPTURE(entries[a].entry.what);
    bool differs = false;
    for (size_t i = 0; i < cases.size(); ++i)
      differs =
          differs ||
          !grader::close(outs[a][i], ref::cached_attention(cases[i].x, cases[i].w, cases[i].H).out);
    CHECK(differs);
    for (size_t b = a + 1; b < entries.size(); ++b) {
      CAPTURE(entries[b].entry.what);
      bool differ = false;
      for (size_t i = 0; i < cases.size(); ++i)
        differ = differ || !grader::close(outs[a][i], outs[b][i]);
      CHECK(differ);
    }
  }
}
