// expect: fail
// Right results, but casts away const and sorts the caller's words (and empties the merges it is
// given once it has encoded with them): inputs_unchanged must fail, and only it.
#include <algorithm>
#include <map>
#include <stdexcept>

#include "bpe.hpp"

namespace kata {
namespace {

std::vector<std::string> merged(const std::vector<std::string>& s, const Merge& m) {
  std::vector<std::string> out;
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
  if (num_merges < 0) throw std::invalid_argument("bpe_train: num_merges < 0");
  auto& mine = const_cast<std::vector<std::pair<std::string, int64_t>>&>(words);
  std::sort(mine.begin(), mine.end());
  std::map<std::string, int64_t> counts;
  for (const auto& [w, n] : words) {
    if (w.empty() || n < 1) throw std::invalid_argument("bpe_train: bad word or count");
    counts[w] += n;
  }
  std::vector<std::pair<std::vector<std::string>, int64_t>> corpus;
  for (const auto& [w, n] : counts) {
    std::vector<std::string> s;
    for (const char b : w) s.push_back(std::string(1, b));
    corpus.emplace_back(s, n);
  }
  std::vector<Merge> merges;
  while (int64_t(merges.size()) < num_merges) {
    std::map<Merge, int64_t> pairs;
    for (const auto& [s, n] : corpus)
      for (size_t i = 0; i + 1 < s.size(); ++i) pairs[{s[i], s[i + 1]}] += n;
    if (pairs.empty()) break;
    auto best = pairs.begin();
    for (auto it = pairs.begin(); it != pairs.end(); ++it)
      if (it->second > best->second) best = it;
    merges.push_back(best->first);
    for (auto& entry : corpus) entry.first = merged(entry.first, best->first);
  }
  return merges;
}

std::vector<std::string> bpe_encode(const std::string& word, const std::vector<Merge>& merges) {
  std::vector<std::string> s;
  for (const char b : word) s.push_back(std::string(1, b));
  while (true) {
    size_t best = merges.size();
    for (size_t i = 0; i + 1 < s.size(); ++i)
      for (size_t r = 0; r < best; ++r)
        if (merges[r] == Merge{s[i], s[i + 1]}) best = r;
    if (best == merges.size()) break;
    s = merged(s, merges[best]);
  }
  return s;
}

}  // namespace kata
