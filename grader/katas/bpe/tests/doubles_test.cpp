// Every pitfall of the bpe kata alone, and every two together, are named exactly (Note [every
// double named exactly] in grader/tests/doubles/doubles.hpp): the learner's kata::bpe_train and
// kata::bpe_encode, written as a learner writes them (solutions/bpe/worked.cpp), each pitfall a
// slip as the test bed's known-bad files make it. Kept apart from the grader's simulation of the
// mistakes (grader/katas/bpe/mistakes.hpp) on purpose: it is the learner's code.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <stdexcept>

#include "bpe.hpp"
#include "grader/tests/doubles/check.hpp"

namespace {

doubles::Names on;  // the slips now on

bool slip(const char* id) { return on.count(id) != 0; }

using Symbols = std::vector<std::string>;

Symbols bytes_of(const std::string& word) {
  Symbols s;
  for (const char b : word) s.push_back(std::string(1, b));
  return s;
}

Symbols apply(Symbols s, const kata::Merge& m) {
  const bool from_right = slip("merge_right_to_left");
  if (from_right) std::reverse(s.begin(), s.end());
  Symbols out;
  for (size_t i = 0; i < s.size(); ++i) {
    const bool here = from_right ? (i + 1 < s.size() && s[i] == m.second && s[i + 1] == m.first)
                                 : (i + 1 < s.size() && s[i] == m.first && s[i + 1] == m.second);
    if (here) {
      out.push_back(m.first + m.second);
      ++i;
    } else {
      out.push_back(s[i]);
    }
  }
  if (from_right) std::reverse(out.begin(), out.end());
  return out;
}

}  // namespace

namespace kata {

std::vector<Merge> bpe_train(const std::vector<std::pair<std::string, int64_t>>& words,
                             int64_t num_merges) {
  if (num_merges < 0) throw std::invalid_argument("bpe_train: num_merges < 0");
  std::vector<std::pair<Symbols, int64_t>> corpus;
  if (slip("pairs_across_words")) {
    Symbols all;
    for (const auto& [word, count] : words)
      for (int64_t k = 0; k < count; ++k)
        for (const std::string& b : bytes_of(word)) all.push_back(b);
    corpus.emplace_back(all, 1);
  } else {
    std::map<std::string, int64_t> counts;
    for (const auto& [word, count] : words)
      counts[word] = slip("counts_ignored") ? 1 : counts[word] + count;
    for (const auto& [word, count] : counts) corpus.emplace_back(bytes_of(word), count);
  }
  const auto count_pairs = [&] {
    std::map<Merge, int64_t> pairs;
    for (const auto& [symbols, count] : corpus)
      for (size_t i = 0; i + 1 < symbols.size(); ++i) pairs[{symbols[i], symbols[i + 1]}] += count;
    return pairs;
  };
  std::vector<Merge> merges;
  if (slip("stale_pair_counts")) {
    std::vector<std::pair<Merge, int64_t>> order;
    for (const auto& entry : count_pairs()) order.push_back(entry);
    std::stable_sort(order.begin(), order.end(),
                     [](const auto& a, const auto& b) { return a.second > b.second; });
    for (const auto& [pair, count] : order)
      if (int64_t(merges.size()) < num_merges) merges.push_back(pair);
    return merges;
  }
  while (int64_t(merges.size()) < num_merges) {
    const auto pairs = count_pairs();
    if (pairs.empty()) break;
    auto best = pairs.begin();
    for (auto it = pairs.begin(); it != pairs.end(); ++it)
      if (it->second > best->second) best = it;
    merges.push_back(best->first);
    for (auto& entry : corpus) entry.first = apply(entry.first, best->first);
  }
  return merges;
}

std::vector<std::string> bpe_encode(const std::string& word, const std::vector<Merge>& merges) {
  std::map<Merge, size_t> rank;
  for (size_t r = 0; r < merges.size(); ++r) rank.emplace(merges[r], r);
  Symbols symbols = bytes_of(word);
  while (true) {
    size_t best = merges.size();
    for (size_t i = 0; i + 1 < symbols.size(); ++i) {
      const auto it = rank.find({symbols[i], symbols[i + 1]});
      if (it == rank.end()) continue;
      if (slip("encode_not_by_rank")) {
        best = it->second;
        break;
      }
      best = std::min(best, it->second);
    }
    if (best == merges.size()) return symbols;
    symbols = apply(symbols, merges[best]);
  }
}

}  // namespace kata

namespace {

std::vector<doubles::Pair> pairs() {
  using doubles::Relation;
  return {{"pairs_across_words", "counts_ignored", Relation::Absorbs,
           "joined into one sequence, each word is repeated count times: the counts are never read "
           "as weights to ignore"},
          {"stale_pair_counts", "merge_right_to_left", Relation::Hides,
           "stale counts never replace anything in training; the direction still shows in "
           "encoding, where the detector of merge_right_to_left looks too"}};
}

}  // namespace

TEST_CASE("bpe: no pitfall, every pitfall alone and every two together are named exactly",
          "[doubles]") {
  const doubles::Kata kata{[](const doubles::Names& slips) { on = slips; }, pairs()};
  doubles::check_named_exactly(kata);
}
