#include "reference/bpe/bpe.hpp"

#include <map>

namespace ref {
namespace {

std::vector<std::string> bytes_of(const std::string& word) {
  std::vector<std::string> symbols;
  for (const char b : word) symbols.emplace_back(1, b);
  return symbols;
}

}  // namespace

std::vector<std::string> merge_pair(const std::vector<std::string>& symbols, const Merge& pair) {
  std::vector<std::string> out;
  for (size_t i = 0; i < symbols.size(); ++i) {
    if (i + 1 < symbols.size() && symbols[i] == pair.first && symbols[i + 1] == pair.second) {
      out.push_back(pair.first + pair.second);
      ++i;  // the right symbol is used up: occurrences do not overlap
    } else {
      out.push_back(symbols[i]);
    }
  }
  return out;
}

std::vector<Merge> bpe_train(const std::vector<std::pair<std::string, int64_t>>& words,
                             int64_t num_merges) {
  // Equal words' counts add; std::map keeps them in one order (which does not change a result).
  std::map<std::string, int64_t> counts;
  for (const auto& [word, count] : words) counts[word] += count;
  std::vector<std::pair<std::vector<std::string>, int64_t>> corpus;
  for (const auto& [word, count] : counts) corpus.emplace_back(bytes_of(word), count);
  std::vector<Merge> merges;
  while (int64_t(merges.size()) < num_merges) {
    std::map<Merge, int64_t> pairs;  // ordered: the first of the largest count is the smallest
    for (const auto& [symbols, count] : corpus)
      for (size_t i = 0; i + 1 < symbols.size(); ++i) pairs[{symbols[i], symbols[i + 1]}] += count;
    if (pairs.empty()) break;  // no word has two symbols
    auto best = pairs.begin();
    for (auto it = pairs.begin(); it != pairs.end(); ++it)
      if (it->second > best->second) best = it;
    merges.push_back(best->first);
    for (auto& entry : corpus) entry.first = merge_pair(entry.first, best->first);
  }
  return merges;
}

std::vector<std::string> bpe_encode(const std::string& word, const std::vector<Merge>& merges) {
  std::map<Merge, size_t> rank;
  for (size_t r = 0; r < merges.size(); ++r) rank.emplace(merges[r], r);  // the first rank counts
  std::vector<std::string> symbols = bytes_of(word);
  while (true) {
    const Merge* best = nullptr;
    size_t best_rank = merges.size();
    for (size_t i = 0; i + 1 < symbols.size(); ++i) {
      const auto it = rank.find({symbols[i], symbols[i + 1]});
      if (it != rank.end() && it->second < best_rank) {
        best_rank = it->second;
        best = &it->first;
      }
    }
    if (best == nullptr) return symbols;
    symbols = merge_pair(symbols, *best);
  }
}

}  // namespace ref
