// expect: fail
// Wrong, no named pitfall (written as an unseen suite would, round 50): in bpe_encode, the "best
// rank" search starts at merges.size() - 1 and uses that value to mean "nothing found", so the last
// merge is never applied
// Byte-pair encoding: training and encoding.
#include "bpe.hpp"

#include <map>
#include <stdexcept>

#include "kt/error.hpp"

namespace kata {

namespace {

using Symbols = std::vector<std::string>;

Symbols to_bytes(const std::string& word) {
  Symbols symbols;
  symbols.reserve(word.size());
  for (char c : word) symbols.emplace_back(1, c);
  return symbols;
}

// Replaces every (left, right) in symbols, scanning left to right, without overlap.
void apply_merge(Symbols& symbols, const Merge& merge) {
  Symbols out;
  out.reserve(symbols.size());
  size_t i = 0;
  while (i < symbols.size()) {
    if (i + 1 < symbols.size() && symbols[i] == merge.first && symbols[i + 1] == merge.second) {
      out.push_back(merge.first + merge.second);
      i += 2;
    } else {
      out.push_back(symbols[i]);
      ++i;
    }
  }
  symbols = std::move(out);
}

}  // namespace

std::vector<Merge> bpe_train(const std::vector<std::pair<std::string, int64_t>>& words,
                             int64_t num_merges) {
  if (num_merges < 0) {
    throw std::invalid_argument("bpe_train: num_merges must be >= 0, got " +
                                std::to_string(num_merges));
  }
  std::map<std::string, int64_t> totals;
  for (const auto& [word, count] : words) {
    if (word.empty()) throw std::invalid_argument("bpe_train: a word is empty");
    if (count < 1) {
      throw std::invalid_argument("bpe_train: the count of '" + word + "' must be >= 1, got " +
                                  std::to_string(count));
    }
    totals[word] += count;
  }

  std::vector<std::pair<Symbols, int64_t>> corpus;
  corpus.reserve(totals.size());
  for (const auto& [word, count] : totals) corpus.emplace_back(to_bytes(word), count);

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
    for (auto& [symbols, count] : corpus) apply_merge(symbols, merge);
  }
  return merges;
}

std::vector<std::string> bpe_encode(const std::string& word, const std::vector<Merge>& merges) {
  Symbols symbols = to_bytes(word);
  std::map<Merge, size_t> rank;  // merge -> its rank
  for (size_t r = 0; r < merges.size(); ++r) rank.emplace(merges[r], r);

  while (symbols.size() > 1) {
    int64_t best = static_cast<int64_t>(merges.size()) - 1;  // worst rank so far
    for (size_t i = 0; i + 1 < symbols.size(); ++i) {
      auto it = rank.find({symbols[i], symbols[i + 1]});
      if (it != rank.end() && static_cast<int64_t>(it->second) < best) {
        best = static_cast<int64_t>(it->second);
      }
    }
    if (best == static_cast<int64_t>(merges.size()) - 1) break;
    apply_merge(symbols, merges[best]);
  }
  return symbols;
}

}  // namespace kata
