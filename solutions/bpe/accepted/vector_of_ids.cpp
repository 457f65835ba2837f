// expect: pass
// Accepted: symbols as ids into a vocabulary of strings, pair counts in a std::map of id pairs,
// the best pair found by comparing the strings; encoding by scanning the merges in rank order
// until none applies.
#include <map>
#include <stdexcept>

#include "bpe.hpp"

namespace kata {
namespace {

struct Vocab {
  std::vector<std::string> strings;
  std::map<std::string, int> ids;
  int id(const std::string& s) {
    const auto [it, added] = ids.emplace(s, int(strings.size()));
    if (added) strings.push_back(s);
    return it->second;
  }
};

std::vector<int> merge_ids(const std::vector<int>& s, int a, int b, int ab) {
  std::vector<int> out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (i + 1 < s.size() && s[i] == a && s[i + 1] == b) {
      out.push_back(ab);
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
  if (num_merges < 0) throw std::invalid_argument("bpe_train: num_merges is negative");
  Vocab vocab;
  std::map<std::string, int64_t> counts;
  for (const auto& [w, n] : words) {
    if (w.empty() || n < 1) throw std::invalid_argument("bpe_train: empty word or count < 1");
    counts[w] += n;
  }
  std::vector<std::pair<std::vector<int>, int64_t>> corpus;
  for (const auto& [w, n] : counts) {
    std::vector<int> s;
    for (const char b : w) s.push_back(vocab.id(std::string(1, b)));
    corpus.emplace_back(s, n);
  }
  std::vector<Merge> merges;
  for (int64_t round = 0; round < num_merges; ++round) {
    std::map<std::pair<int, int>, int64_t> pairs;
    for (const auto& [s, n] : corpus)
      for (size_t i = 0; i + 1 < s.size(); ++i) pairs[{s[i], s[i + 1]}] += n;
    if (pairs.empty()) break;
    std::pair<int, int> best{-1, -1};
    int64_t best_count = 0;
    for (const auto& [p, n] : pairs) {
      const Merge as_text{vocab.strings[p.first], vocab.strings[p.second]};
      if (n > best_count || (n == best_count && as_text < Merge{vocab.strings[best.first],
                                                                vocab.strings[best.second]})) {
        best = p;
        best_count = n;
      }
    }
    const Merge m{vocab.strings[best.first], vocab.strings[best.second]};
    merges.push_back(m);
    const int ab = vocab.id(m.first + m.second);
    for (auto& entry : corpus) entry.first = merge_ids(entry.first, best.first, best.second, ab);
  }
  return merges;
}

std::vector<std::string> bpe_encode(const std::string& word, const std::vector<Merge>& merges) {
  std::vector<std::string> s;
  for (const char b : word) s.push_back(std::string(1, b));
  bool changed = true;
  while (changed) {
    changed = false;
    for (const Merge& m : merges) {  // the first merge present, in rank order
      bool present = false;
      for (size_t i = 0; i + 1 < s.size() && !present; ++i)
        present = s[i] == m.first && s[i + 1] == m.second;
      if (!present) continue;
      std::vector<std::string> out;
      for (size_t i = 0; i < s.size(); ++i) {
        if (i + 1 < s.size() && s[i] == m.first && s[i + 1] == m.second) {
          out.push_back(m.first + m.second);
          ++i;
        } else {
          out.push_back(s[i]);
        }
      }
      s = out;
      changed = true;
      break;
    }
  }
  return s;
}

}  // namespace kata
