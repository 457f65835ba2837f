// expect: pass
// Accepted: words kept in their listed order with repeats added by a search, pair counts in a
// std::unordered_map keyed by the joined pair, the best chosen by count then by the pair itself.
#include <stdexcept>
#include <unordered_map>

#include "bpe.hpp"

namespace kata {

std::vector<Merge> bpe_train(const std::vector<std::pair<std::string, int64_t>>& words,
                             int64_t num_merges) {
  if (num_merges < 0) throw std::invalid_argument("bpe_train: num_merges < 0");
  std::vector<std::pair<std::vector<std::string>, int64_t>> corpus;
  std::vector<std::string> seen;
  for (const auto& [w, n] : words) {
    if (w.empty()) throw std::invalid_argument("bpe_train: empty word");
    if (n < 1) throw std::invalid_argument("bpe_train: count < 1 for " + w);
    bool found = false;
    for (size_t i = 0; i < seen.size(); ++i)
      if (seen[i] == w) {
        corpus[i].second += n;
        found = true;
      }
    if (found) continue;
    seen.push_back(w);
    std::vector<std::string> s;
    for (const char b : w) s.push_back(std::string(1, b));
    corpus.emplace_back(s, n);
  }
  std::vector<Merge> merges;
  while (int64_t(merges.size()) < num_merges) {
    std::unordered_map<std::string, std::pair<Merge, int64_t>> pairs;
    for (const auto& [s, n] : corpus)
      for (size_t i = 0; i + 1 < s.size(); ++i) {
        auto& entry = pairs[std::to_string(s[i].size()) + ":" + s[i] + s[i + 1]];
        entry.first = {s[i], s[i + 1]};
        entry.second += n;
      }
    if (pairs.empty()) break;
    const std::pair<Merge, int64_t>* best = nullptr;
    for (const auto& [key, entry] : pairs)
      if (best == nullptr || entry.second > best->second ||
          (entry.second == best->second && entry.first < best->first))
        best = &entry;
    const Merge m = best->first;
    merges.push_back(m);
    for (auto& [s, n] : corpus) {
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
    }
  }
  return merges;
}

std::vector<std::string> bpe_encode(const std::string& word, const std::vector<Merge>& merges) {
  std::vector<std::string> s;
  for (const char b : word) s.push_back(std::string(1, b));
  while (s.size() > 1) {
    size_t best = merges.size();
    for (size_t i = 0; i + 1 < s.size(); ++i)
      for (size_t r = 0; r < best; ++r)
        if (merges[r].first == s[i] && merges[r].second == s[i + 1]) {
          best = r;
          break;
        }
    if (best == merges.size()) break;
    std::vector<std::string> out;
    for (size_t i = 0; i < s.size(); ++i) {
      if (i + 1 < s.size() && s[i] == merges[best].first && s[i + 1] == merges[best].second) {
        out.push_back(s[i] + s[i + 1]);
        ++i;
      } else {
        out.push_back(s[i]);
      }
    }
    s = out;
  }
  return s;
}

}  // namespace kata
