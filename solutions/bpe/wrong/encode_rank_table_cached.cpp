// expect: fail
// expect-diagnosis: depends_on_earlier_calls
// Wrong, no named pitfall (written blind, round 52): the encoder's rank table a static map rebuilt
// only when merges.size() changes: another merge list of the same length reuses the old one.
#include "bpe.hpp"

#include <limits>
#include <map>
#include <stdexcept>

#include "kt/error.hpp"

namespace kata {

namespace {

using Symbols = std::vector<std::string>;

Symbols bytes_of(const std::string& word) {
  Symbols out;
  out.reserve(word.size());
  for (char c : word) out.emplace_back(1, c);
  return out;
}

// Replaces every occurrence of the pair, left to right without overlap.
Symbols apply_merge(const Symbols& symbols, const Merge& merge) {
  Symbols out;
  out.reserve(symbols.size());
  size_t i = 0;
  while (i < symbols.size()) {
    if (i + 1 < symbols.size() && symbols[i] == merge.first && symbols[i + 1] == merge.second) {
      out.push_back(merge.first + merge.second);
      i += 2;
    } else {
      out.push_back(symbols[i]);
      i += 1;
    }
  }
  return out;
}

}  // namespace

std::vector<Merge> bpe_train(const std::vector<std::pair<std::string, int64_t>>& words,
                             int64_t num_merges) {
  if (num_merges < 0) {
    throw std::invalid_argument("bpe_train: num_merges must be >= 0, got " +
                                std::to_string(num_merges));
  }
  std::map<std::string, int64_t> counts;
  for (const auto& [word, count] : words) {
    if (word.empty()) throw std::invalid_argument("bpe_train: a word is empty");
    if (count < 1) {
      throw std::invalid_argument("bpe_train: the count of \"" + word + "\" must be >= 1, got " +
                                  std::to_string(count));
    }
    counts[word] += count;
  }

  std::vector<std::pair<Symbols, int64_t>> corpus;
  for (const auto& [word, count] : counts) corpus.emplace_back(bytes_of(word), count);

  std::vector<Merge> merges;
  for (int64_t round = 0; round < num_merges; ++round) {
    std::map<Merge, int64_t> pair_counts;
    for (const auto& [symbols, count] : corpus) {
      for (size_t i = 0; i + 1 < symbols.size(); ++i) {
        pair_counts[{symbols[i], symbols[i + 1]}] += count;
      }
    }
    if (pair_counts.empty()) break;

    auto best = pair_counts.begin();
    for (auto it = pair_counts.begin(); it != pair_counts.end(); ++it) {
      if (it->second > best->second) best = it;
    }
    const Merge merge = best->first;
    merges.push_back(merge);
    for (auto& [symbols, count] : corpus) symbols = apply_merge(symbols, merge);
  }
  return merges;
}

std::vector<std::string> bpe_encode(const std::string& word, const std::vector<Merge>& merges) {
  if (word.empty()) return {};

  static std::map<Merge, size_t> rank;
  if (rank.size() != merges.size()) {
    rank.clear();
    for (size_t r = 0; r < merges.size(); ++r) rank.emplace(merges[r], r);
  }

  Symbols symbols = bytes_of(word);
  while (symbols.size() > 1) {
    size_t best_rank = std::numeric_limits<size_t>::max();
    Merge best;
    for (size_t i = 0; i + 1 < symbols.size(); ++i) {
      const auto it = rank.find({symbols[i], symbols[i + 1]});
      if (it != rank.end() && it->second < best_rank) {
        best_rank = it->second;
        best = it->first;
      }
    }
    if (best_rank == std::numeric_limits<size_t>::max()) break;
    symbols = apply_merge(symbols, best);
  }
  return symbols;
}

}  // namespace kata
