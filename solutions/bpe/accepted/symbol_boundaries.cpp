// expect: pass
// Accepted: a word is never split into strings: it stays one byte string with the offsets where its
// symbols start, a merge removes the start of each right-hand symbol it absorbs, and symbols are
// cut out only to be compared.
#include <map>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "bpe.hpp"

namespace kata {

namespace {

// A word as its bytes plus the offset at which each of its symbols starts (starts[0] == 0).
struct Segmented {
  std::string text;
  std::vector<size_t> starts;

  explicit Segmented(const std::string& word) : text(word) {
    for (size_t i = 0; i < word.size(); ++i) starts.push_back(i);  // single bytes
  }
  size_t size() const { return starts.size(); }
  std::string symbol(size_t k) const {
    const size_t end = k + 1 < starts.size() ? starts[k + 1] : text.size();
    return text.substr(starts[k], end - starts[k]);
  }
  // The pair's occurrences, left to right without overlap: a merged pair keeps only its left
  // symbol's start, and the scan resumes after its right symbol.
  void merge(const Merge& m) {
    std::vector<size_t> kept;
    size_t k = 0;
    while (k < starts.size()) {
      kept.push_back(starts[k]);
      if (k + 1 < starts.size() && symbol(k) == m.first && symbol(k + 1) == m.second) {
        k += 2;
      } else {
        k += 1;
      }
    }
    starts = std::move(kept);
  }
  std::vector<std::string> symbols() const {
    std::vector<std::string> out;
    for (size_t k = 0; k < starts.size(); ++k) out.push_back(symbol(k));
    return out;
  }
};

}  // namespace

std::vector<Merge> bpe_train(const std::vector<std::pair<std::string, int64_t>>& words,
                             int64_t num_merges) {
  if (num_merges < 0) {
    throw std::invalid_argument("bpe_train: num_merges must be >= 0, got " +
                                std::to_string(num_merges));
  }
  std::map<std::string, int64_t> total;  // a repeated word's counts add
  for (size_t i = 0; i < words.size(); ++i) {
    const auto& [word, count] = words[i];
    if (word.empty()) {
      throw std::invalid_argument("bpe_train: words[" + std::to_string(i) + "] is empty");
    }
    if (count < 1) {
      throw std::invalid_argument("bpe_train: the count of words[" + std::to_string(i) + "] is " +
                                  std::to_string(count) + ", it must be >= 1");
    }
    total[word] += count;
  }
  std::vector<std::pair<Segmented, int64_t>> corpus;
  for (const auto& [word, count] : total) corpus.emplace_back(Segmented(word), count);

  std::vector<Merge> merges;
  while (static_cast<int64_t>(merges.size()) < num_merges) {
    std::map<Merge, int64_t> pair_counts;  // ordered: smallest pair first
    for (const auto& [seg, count] : corpus) {
      for (size_t k = 0; k + 1 < seg.size(); ++k) {
        pair_counts[{seg.symbol(k), seg.symbol(k + 1)}] += count;
      }
    }
    if (pair_counts.empty()) break;  // no word has two symbols left
    const Merge* best = nullptr;
    int64_t best_count = 0;
    for (const auto& [pair, count] : pair_counts) {
      if (count > best_count) {  // strict: the smallest pair keeps a tie
        best = &pair;
        best_count = count;
      }
    }
    const Merge chosen = *best;
    merges.push_back(chosen);
    for (auto& entry : corpus) entry.first.merge(chosen);
  }
  return merges;
}

std::vector<std::string> bpe_encode(const std::string& word, const std::vector<Merge>& merges) {
  Segmented seg(word);
  std::map<Merge, size_t> rank;
  for (size_t r = 0; r < merges.size(); ++r) rank.emplace(merges[r], r);  // earliest rank kept
  while (seg.size() >= 2) {
    size_t best = merges.size();
    for (size_t k = 0; k + 1 < seg.size(); ++k) {
      const auto it = rank.find({seg.symbol(k), seg.symbol(k + 1)});
      if (it != rank.end() && it->second < best) best = it->second;
    }
    if (best == merges.size()) break;  // no adjacent pair is a merge
    seg.merge(merges[best]);
  }
  return seg.symbols();
}

}  // namespace kata
