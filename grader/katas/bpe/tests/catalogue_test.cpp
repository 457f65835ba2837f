// The bpe kata's mistake catalogue (grader/katas/bpe/catalogue.hpp): on the discriminating cases
// every entry differs from the reference and from every other entry, so a unique match means one
// mistake. And the simulation the detectors search (mistakes.hpp), written apart from the
// reference, computes what the reference does on random corpora: two implementations of the
// statement that agree.
#include <catch2/catch.hpp>

#include "grader/katas/bpe/catalogue.hpp"
#include "grader/katas/bpe/detect.hpp"
#include "grader/tests/lib/entries_apart.hpp"

using namespace grader;
using namespace grader::kata_bpe;

TEST_CASE("every bpe catalogue entry differs from the reference and from every other entry",
          "[catalogue][bpe]") {
  const std::vector<Case> cases = discriminating_cases();
  grader::testing::check_catalogue_apart(catalogue(), cases, [](const Case& c) {
    return packed(reference_merges(c), reference_encoded(c));
  });
}

TEST_CASE("bpe's simulation, written apart, trains and encodes as the reference on random corpora",
          "[bpe]") {
  kt::Generator gen(20261206);
  for (int i = 0; i < 300; ++i) {
    Words words;
    const auto n = 1 + int64_t(gen.uniform() * 8);
    for (int64_t w = 0; w < n; ++w) {
      std::string word;
      const auto len = 1 + int64_t(gen.uniform() * 7);
      for (int64_t j = 0; j < len; ++j) word += "aabcd"[size_t(gen.uniform() * 5) % 5];
      words.emplace_back(word, 1 + int64_t(gen.uniform() * 6));
    }
    const auto num_merges = int64_t(gen.uniform() * 15);
    const std::vector<Merge> merges = ref::bpe_train(words, num_merges);
    INFO("corpus " << i);
    CHECK(train_with_steps(words, num_merges, kata_bpe::Steps{}) == merges);
    for (const auto& [w, count] : words) {
      CHECK(encode_with_steps(w + w, merges, kata_bpe::Steps{}) == ref::bpe_encode(w + w, merges));
      // A word of the corpus encodes into the symbols training left it as.
      std::vector<std::string> trained;
      for (const char b : w) trained.emplace_back(1, b);
      for (const Merge& m : merges) trained = ref::merge_pair(trained, m);
      CHECK(ref::bpe_encode(w, merges) == trained);
    }
  }
}

TEST_CASE("bpe's pitfalls, one at a time, each change some discriminating case's results",
          "[bpe]") {
  for (const kata_bpe::Steps& s :
       {kata_bpe::Steps{.counts_ignored = true}, kata_bpe::Steps{.pairs_across_words = true},
        kata_bpe::Steps{.stale_pair_counts = true},
        kata_bpe::Steps{.right_to_left_train = true, .right_to_left_encode = true},
        kata_bpe::Steps{.encode = kata_bpe::EncodeOrder::Leftmost}}) {
    bool changes = false;
    for (const Case& c : discriminating_cases())
      changes = changes ||
                !identical(bpe_with_steps(c, s), packed(reference_merges(c), reference_encoded(c)));
    CHECK(changes);
  }
}
