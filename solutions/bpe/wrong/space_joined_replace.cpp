// expect: fail
// Wrong: training applies a merge by joining each word's symbols with spaces and replacing the text
// "L R" with "LR", so the match can start inside a longer symbol ending in L or end inside one
// starting with R ("aa b" merged by (a, b) becomes "aab").
#include <map>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "bpe.hpp"

namespace kata {

namespace {

std::vector<std::string> bytes_of(const std::string& word) {
  std::vector<std::string> out;
  for (char c : word) out.emplace_back(1, c);
  return out;
}

std::string join(const std::vector<std::string>& symbols) {
  std::string out;
  for (size_t i = 0; i < symbols.size(); ++i) {
    if (i > 0) out += ' ';
    out += symbols[i];
  }
  return out;
}

std::vector<std::string> split(const std::string& text) {
  std::vector<std::string> out;
  std::string current;
  for (char c : text) {
    if (c == ' ') {
      out.push_back(current);
      current.clear();
    } else {
      current += c;
    }
  }
  out.push_back(current);
  return out;
}

// Every occurrence of the pair, left to right without overlap, in the space-joined word.
std::vector<std::string> apply_merge(const std::vector<std::string>& symbols, const Merge& m) {
  std::string text = join(symbols);
  const std::string pattern = m.first + " " + m.second;
  const std::string merged = m.first + m.second;
  size_t pos = 0;
  while ((pos = text.find(pattern, pos)) != std::string::npos) {
    text.replace(pos, pattern.size(), merged);
    pos += merged.size();
  }
  return split(text);
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
      throw std::invalid_argument("bpe_train: the count of \"" + word + "\" is " +
                                  std::to_string(count) + ", it must be >= 1");
    }
    counts[word] += count;
  }
  std::vector<std::pair<std::vector<std::string>, int64_t>> corpus;
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
    for (auto& entry : corpus) entry.first = apply_merge(entry.first, merge);
  }
  return merges;
}

std::vector<std::string> bpe_encode(const std::string& word, const std::vector<Merge>& merges) {
  std::vector<std::string> symbols = bytes_of(word);
  std::map<Merge, size_t> rank;
  for (size_t r = 0; r < merges.size(); ++r) rank.emplace(merges[r], r);
  while (symbols.size() >= 2) {
    size_t best = merges.size();
    for (size_t i = 0; i + 1 < symbols.size(); ++i) {
      const auto it = rank.find({symbols[i], symbols[i + 1]});
      if (it != rank.end() && it->second < best) best = it->second;
    }
    if (best == merges.size()) break;
    const Merge& m = merges[best];
    std::vector<std::string> next;
    for (size_t i = 0; i < symbols.size();) {
      if (i + 1 < symbols.size() && symbols[i] == m.first && symbols[i + 1] == m.second) {
        next.push_back(m.first + m.second);
        i += 2;
      } else {
        next.push_back(symbols[i]);
        i += 1;
      }
    }
    symbols = std::move(next);
  }
  return symbols;
}

}  // namespace kata
