// expect: fail
// The training loop runs while merges.size() <= num_merges: one merge more than asked.
#include <map>
#include <stdexcept>

#include "bpe.hpp"

namespace kata {
namespace {

using Symbols = std::vector<std::string>;

Symbols bytes_of(const std::string& word) {
  Symbols s;
  for (const char b : word) s.push_back(std::string(1, b));
  return s;
}

/// Every occurrence of the pair replaced, left to right, without overlap.
Symbols merged(const Symbols& s, const Merge& m) {
  Symbols out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (i + 1 < s.size() && s[i] == m.first && s[i + 1] == m.second) {
      out.push_back(m.first + m.second);
      ++i;
    } else {
      out.push_back(s[i]);
    }
  }
  return out;
}

}  // namespace

std::vector<Merge> bpe_train(const std::vector<std::pair<std::string, int64_t>>& words,
                             int64_t num_merges) {
  if (num_merges < 0) throw std::invalid_argument("bpe_train: num_merges must be >= 0");
  std::map<std::string, int64_t> counts;
  for (const auto& [word, count] : words) {
    if (word.empty()) throw std::invalid_argument("bpe_train: a word is empty");
    if (count < 1) throw std::invalid_argument("bpe_train: the count of '" + word + "' is < 1");
    counts[word] += count;
  }
  std::vector<std::pair<Symbols, int64_t>> corpus;
  for (const auto& [word, count] : counts) corpus.emplace_back(bytes_of(word), count);
  std::vector<Merge> merges;
  while (int64_t(merges.size()) <= num_merges) {
    std::map<Merge, int64_t> pairs;
    for (const auto& [symbols, count] : corpus)
      for (size_t i = 0; i + 1 < symbols.size(); ++i) pairs[{symbols[i], symbols[i + 1]}] += count;
    if (pairs.empty()) break;
    auto best = pairs.begin();
    for (auto it = pairs.begin(); it != pairs.end(); ++it)
      if (it->second > best->second) best = it;  // strictly larger: ties keep the smaller pair
    merges.push_back(best->first);
    for (auto& entry : corpus) entry.first = merged(entry.first, best->first);
  }
  return merges;
}

std::vector<std::string> bpe_encode(const std::string& word, const std::vector<Merge>& merges) {
  std::map<Merge, size_t> rank;
  for (size_t r = 0; r < merges.size(); ++r) rank.emplace(merges[r], r);
  Symbols symbols = bytes_of(word);
  while (symbols.size() > 1) {
    size_t best = merges.size();
    for (size_t i = 0; i + 1 < symbols.size(); ++i) {
      const auto it = rank.find({symbols[i], symbols[i + 1]});
      if (it != rank.end() && it->second < best) best = it->second;
    }
    if (best == merges.size()) break;
    symbols = merged(symbols, merges[best]);
  }
  return symbols;
}

}  // namespace kata
