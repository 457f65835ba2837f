// The beam_search reference against beam searches written apart from it in Python over models of
// torch.log_softmax'd random logits (tools/golden/gen_beam_search_cases.py), and against searches
// worked out by hand.
#include <catch2/catch.hpp>
#include <cmath>
#include <map>
#include <stdexcept>
#include <vector>

#include "reference/beam_search/beam_search.hpp"
#include "reference/common/golden_file.hpp"

namespace {

/// A model that answers from a table and fails the test on a prefix it does not hold.
ref::NextValues table_model(const std::map<std::vector<int64_t>, std::vector<double>>& table) {
  return [table](const std::vector<int64_t>& prefix) {
    const auto it = table.find(prefix);
    if (it == table.end()) throw std::runtime_error("a prefix the recorded search never asked");
    return it->second;
  };
}

}  // namespace

TEST_CASE(
    "the beam_search reference returns the hypotheses of the searches written apart in Python, "
    "log_prob and score within 1e-12",
    "[reference][golden]") {
  const auto cases =
      ref::golden::load(KT_REFERENCE_DIR "/beam_search/tests/data/beam_search_cases.txt");
  REQUIRE(cases.size() == 12);
  for (const auto& c : cases) {
    INFO("case " << c.name);
    const auto v = size_t(c.shape("V")[0]);
    std::map<std::vector<int64_t>, std::vector<double>> table;
    const std::vector<double>& asked = c.values("ask");
    for (size_t i = 0; i < asked.size();) {
      const auto n = size_t(asked[i++]);
      std::vector<int64_t> prefix;
      for (size_t k = 0; k < n; ++k) prefix.push_back(int64_t(asked[i++]));
      table[prefix] = std::vector<double>(asked.begin() + long(i), asked.begin() + long(i + v));
      i += v;
    }
    const std::vector<ref::Hypothesis> got = ref::beam_search(
        table_model(table), c.shape("bos")[0], c.shape("eos")[0], c.shape("beam_width")[0],
        c.shape("max_new_tokens")[0], c.values("length_penalty")[0]);
    const std::vector<double>& hyps = c.values("hyp");
    REQUIRE(got.size() == size_t(c.shape("results")[0]));
    size_t i = 0;
    for (const ref::Hypothesis& h : got) {
      const auto n = size_t(hyps[i++]);
      std::vector<int64_t> tokens;
      for (size_t k = 0; k < n; ++k) tokens.push_back(int64_t(hyps[i++]));
      CHECK(h.tokens == tokens);
      CHECK(std::abs(h.log_prob - hyps[i++]) <= 1e-12);
      CHECK(std::abs(h.score - hyps[i++]) <= 1e-12);
    }
  }
}

TEST_CASE("the beam_search reference gives the searches worked out by hand", "[reference]") {
  // V = 3, bos 0, eos 2. After bos: [-1, -0.5, -2]; after [bos 1]: [-0.25, -3, -0.5] (eos
  // -0.5); after [bos 0]: [-4, -4, -0.25]; after [bos 1 0]: [-1, -1, -1].
  std::map<std::vector<int64_t>, std::vector<double>> table = {
      {{0}, {-1, -0.5, -2}},     {{0, 1}, {-0.25, -3, -0.5}}, {{0, 0}, {-4, -4, -0.25}},
      {{0, 1, 0}, {-1, -1, -1}}, {{0, 1, 1}, {-1, -1, -1}},
  };
  SECTION(
      "width 2: step 1 keeps [1] -0.5 and [0] -1; step 2 takes [1 0] -0.75, then [1 eos] "
      "-1 (finished), then [0 eos] -1.25 (finished) before [1 1] -3.5 completes the live set; "
      "two finished: stop, [1 0] and [1 1] finished too") {
    const auto r = ref::beam_search_steps(table_model(table), 0, 2, 2, 5, 1.0);
    REQUIRE(r.steps.size() == 2);
    CHECK(r.steps[1].taken.size() == 4);
    REQUIRE(r.result.size() == 2);
    CHECK(r.result[0].tokens == std::vector<int64_t>{1, 0});  // -0.75 / 2
    CHECK(r.result[0].score == -0.375);
    CHECK(r.result[1].tokens == std::vector<int64_t>{1, 2});  // -1 / 2
    CHECK(r.result[1].log_prob == -1.0);
    CHECK(r.finished.size() == 4);
  }
  SECTION("length penalty 0: score = log_prob, so [1 0] -0.75 then [1 eos] -1") {
    const auto r = ref::beam_search(table_model(table), 0, 2, 2, 5, 0.0);
    REQUIRE(r.size() == 2);
    CHECK(r[0].score == -0.75);
    CHECK(r[1].tokens == std::vector<int64_t>{1, 2});
  }
  SECTION("width 1 is greedy: [1] then [1 0] then a three-way tie, lowest token first") {
    const auto r = ref::beam_search(table_model(table), 0, 2, 1, 2, 1.0);
    REQUIRE(r.size() == 1);
    CHECK(r[0].tokens == std::vector<int64_t>{1, 0});
    const auto three = ref::beam_search(
        [&](const std::vector<int64_t>& p) {
          return p.size() <= 3 ? table_model(table)(p) : std::vector<double>{-1, -1, -1};
        },
        0, 2, 1, 3, 1.0);
    REQUIRE(three.size() == 1);
    CHECK(three[0].tokens == std::vector<int64_t>{1, 0, 0});
    CHECK(three[0].log_prob == -1.75);
  }
  SECTION("one step: the beam_width best first tokens, eos among them finished, then the live") {
    const auto r = ref::beam_search(table_model(table), 0, 2, 3, 1, 1.0);
    REQUIRE(r.size() == 3);
    CHECK(r[0].tokens == std::vector<int64_t>{1});
    CHECK(r[1].tokens == std::vector<int64_t>{0});
    CHECK(r[2].tokens == std::vector<int64_t>{2});
  }
}
