#include "grader/katas/bpe/catalogue.hpp"

#include <algorithm>
#include <utility>

#include "grader/katas/bpe/mistakes.hpp"

namespace grader::kata_bpe {

std::vector<Entry> catalogue() {
  std::vector<Entry> entries;
  const auto add = entry_adder<Steps>(entries, bpe_with_steps);
  add("counts_ignored", "BPE with each distinct word weighing 1",
      "Weight every pair by its word's count (a word listed twice adds its counts).",
      {.counts_ignored = true});
  add("pairs_across_words", "BPE over the words joined into one sequence",
      "Keep one symbol sequence per word: pairs never cross words.", {.pairs_across_words = true});
  add("stale_pair_counts", "BPE taking the first round's most frequent pairs, never recounted",
      "Count the pairs again after each merge.", {.stale_pair_counts = true});
  add("merge_right_to_left", "BPE replacing a pair's occurrences from the right",
      "Scan left to right: \"aaa\" becomes \"aa\" \"a\".",
      {.right_to_left_train = true, .right_to_left_encode = true});
  add("encode_not_by_rank", "BPE encoding the leftmost mergeable pair first",
      "Apply the lowest-ranked merge present first, wherever it is.",
      {.encode = EncodeOrder::Leftmost});
  add("encode_latest_merge_first",
      "BPE encoding the highest-ranked merge present first (the latest learned)",
      "Apply the lowest-ranked merge present first: the earliest in `merges` is the one training "
      "made first.",
      {.encode = EncodeOrder::Latest});
  add("encode_longest_match",
      "BPE encoding as the longest match from the left (each piece the longest byte string that "
      "is a merge's symbol), not by applying the merges",
      "Start from the bytes and apply the merges, lowest-ranked first: the longest symbol is not "
      "always the one the merges make (WordPiece matches the longest; BPE replays its merges).",
      {.encode = EncodeOrder::LongestMatch});
  add("ties_to_largest_pair", "BPE breaking ties towards the largest pair",
      "Among equal counts take the smallest pair (std::pair's operator<, or the first of an "
      "ordered std::map).",
      {.ties_to_largest = true});
  add("overlaps_counted_once",
      "BPE counting a pair that overlaps itself once (\"aaa\" holds (a, a) "
      "once)",
      "Count every adjacent position: \"aaa\" holds (a, a) twice.",
      {.overlaps_counted_once = true});
  add("one_merge_short", "BPE learning num_merges - 1 merges",
      "Run num_merges rounds (fewer only when no word has two symbols left).",
      {.one_merge_short = true});
  add("repeated_words_not_added", "BPE weighting a word listed twice by its last count only",
      "Add the counts of a word listed more than once.", {.last_count_wins = true});
  return entries;
}

std::vector<Case> discriminating_cases() {
  const auto make = [](Words words, int64_t num_merges, std::vector<std::string> encode) {
    Case c;
    c.words = std::move(words);
    c.num_merges = num_merges;
    c.encode_words = std::move(encode);
    c.merges = ref::bpe_train(c.words, c.num_merges);
    c.corpus = "fixed";
    return c;
  };
  return {make({{"low", 5}, {"lower", 2}, {"newest", 6}, {"widest", 3}}, 10,
               {"lowest", "newer", "widest", "slower"}),
          make({{"aaaa", 2}, {"aab", 3}, {"abab", 1}, {"ba", 2}, {"aab", 1}}, 5,
               {"aaaaa", "abab", "baaab", "bab"}),
          make({{"abc", 1}, {"bcd", 4}, {"cab", 2}, {"abc", 2}, {"dd", 1}}, 6,
               {"abcd", "dcab", "bcab"}),
          make({{"aaa", 3}, {"bc", 5}, {"ab", 1}}, 3, {"aaab", "bcaaa"}),
          make({{"cd", 4}, {"ab", 3}, {"cd", 1}, {"ef", 2}}, 2, {"abcdef"}),
          make({{"abab", 3}, {"cd", 5}}, 1, {"ababcd"})};
}

namespace {

std::string padded(std::string s, size_t width) {
  if (s.size() < width) s += std::string(width - s.size(), ' ');
  return s + " ";
}

}  // namespace

Journey first_difference(const Case& c) {
  const Called train = call_train(c);
  if (!train.run.ok() || train.too_many) return {};
  const std::vector<Merge> want = reference_merges(c);
  Journey j;
  if (train.merges != want) {
    size_t at = 0;
    while (at < train.merges.size() && at < want.size() && train.merges[at] == want[at]) ++at;
    // The words are named here, not in j.on: the kit may show this journey on a case other than
    // the smallest failing one, and its note for that case speaks of tensor ops.
    std::string text = "On the words " + c.describe().front().second +
                       " (num_merges = " + std::to_string(c.num_merges) + "):\n" +
                       padded("   merge", 9) + padded("the reference's (count)", 28) +
                       "yours (its count then)\n";
    const size_t last = std::min(std::max(train.merges.size(), want.size()), at + 1);
    for (size_t i = 0; i < last; ++i) {
      const auto row = [&](const std::vector<Merge>& m) {
        return i < m.size()
                   ? merge_text(m[i]) + " " + std::to_string(count_at_round(c.words, want, i, m[i]))
                   : std::string("(none)");
      };
      text += padded("   " + std::to_string(i + 1) + ".", 9) + padded(row(want), 28) +
              row(train.merges) + (i == at ? "   <- first divergence" : "") + "\n";
    }
    j.text = text + "Merge " + std::to_string(at + 1) + " is the first that differs" +
             (at == 0 ? "" : "; the merges before it agree") + ".";
    j.step = "merge " + std::to_string(at + 1);
    return j;
  }
  return {};  // the merges agree: the checks' message names the first encoded word that differs
}

void diagnose_after_shrinking(Failure& f, const Case& failing) {
  grader::diagnose_after_shrinking<Case>(f, failing, [] {
    Diagnosis<Case> d = diagnosis_over(catalogue());
    d.discriminating_cases = discriminating_cases;
    d.learner = [](const Case& c) {
      const Called train = call_train(c), encode = call_encode(c);
      if (!train.run.ok() || !encode.run.ok() || train.too_many || encode.too_many)
        return kt::Tensor();
      return packed(train.merges, encode.encoded);
    };
    d.reference = [](const Case& c) { return packed(reference_merges(c), reference_encoded(c)); };
    d.journey = first_difference;
    return d;
  });
}

}  // namespace grader::kata_bpe
