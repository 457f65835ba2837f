#include "grader/katas/bpe/mistakes.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

namespace grader::kata_bpe {
namespace {

using Seq = std::vector<std::string>;

Seq bytes_of(const std::string& w) {
  Seq s;
  for (const char b : w) s.emplace_back(1, b);
  return s;
}

/// Every occurrence of (a, b) replaced, scanning from the left or from the right, never
/// overlapping.
Seq replaced(const Seq& s, const Merge& m, bool from_right) {
  if (!from_right) {
    Seq out;
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
  Seq out;
  size_t i = s.size();
  while (i > 0) {
    if (i >= 2 && s[i - 2] == m.first && s[i - 1] == m.second) {
      out.push_back(m.first + m.second);
      i -= 2;
    } else {
      out.push_back(s[i - 1]);
      i -= 1;
    }
  }
  std::reverse(out.begin(), out.end());
  return out;
}

/// Each sequence's pair counts, weighted; overlapping occurrences each count unless told not to.
std::map<Merge, int64_t> pair_counts(const std::vector<std::pair<Seq, int64_t>>& corpus,
                                     bool overlaps_once) {
  std::map<Merge, int64_t> counts;
  for (const auto& [s, n] : corpus) {
    for (size_t i = 0; i + 1 < s.size(); ++i) {
      counts[{s[i], s[i + 1]}] += n;
      if (overlaps_once && i + 2 < s.size() && s[i] == s[i + 1] && s[i + 1] == s[i + 2]) ++i;
    }
  }
  return counts;
}

/// The most frequent pair, ties to the smallest (or the largest).
Merge most_frequent(const std::map<Merge, int64_t>& counts, bool ties_to_largest) {
  auto best = counts.begin();
  for (auto it = counts.begin(); it != counts.end(); ++it)
    if (it->second > best->second || (ties_to_largest && it->second == best->second)) best = it;
  return best->first;
}

}  // namespace

std::vector<Merge> train_with_steps(const Words& words, int64_t num_merges, const Steps& s) {
  std::vector<std::pair<Seq, int64_t>> corpus;
  if (s.pairs_across_words) {
    Seq joined;
    for (const auto& [w, n] : words)
      for (int64_t k = 0; k < n; ++k)
        for (const std::string& b : bytes_of(w)) joined.push_back(b);
    corpus.emplace_back(joined, 1);
  } else {
    std::map<std::string, int64_t> counts;
    for (const auto& [w, n] : words)
      counts[w] = s.counts_ignored ? 1 : s.last_count_wins ? n : counts[w] + n;
    for (const auto& [w, n] : counts) corpus.emplace_back(bytes_of(w), n);
  }
  const int64_t rounds = s.one_merge_short ? std::max<int64_t>(num_merges - 1, 0) : num_merges;
  std::vector<Merge> merges;
  if (s.stale_pair_counts) {
    // Counted once: the pairs by decreasing count (ties: the smallest first), never recounted.
    const auto counts = pair_counts(corpus, s.overlaps_counted_once);
    std::vector<std::pair<Merge, int64_t>> order(counts.begin(), counts.end());
    std::stable_sort(order.begin(), order.end(), [&](const auto& a, const auto& b) {
      return a.second != b.second ? a.second > b.second : (s.ties_to_largest && a.first > b.first);
    });
    for (size_t i = 0; i < order.size() && int64_t(i) < rounds; ++i)
      merges.push_back(order[i].first);
    return merges;
  }
  while (int64_t(merges.size()) < rounds) {
    const auto counts = pair_counts(corpus, s.overlaps_counted_once);
    if (counts.empty()) break;
    const Merge m = most_frequent(counts, s.ties_to_largest);
    merges.push_back(m);
    for (auto& entry : corpus) entry.first = replaced(entry.first, m, s.right_to_left_train);
  }
  return merges;
}

std::vector<std::string> encode_with_steps(const std::string& word,
                                           const std::vector<Merge>& merges, const Steps& s) {
  if (s.encode == EncodeOrder::LongestMatch) {
    // Greedy from the left: the longest piece that is a byte or a merge's symbol.
    std::set<std::string> vocabulary;
    for (const Merge& m : merges) vocabulary.insert(m.first + m.second);
    Seq out;
    for (size_t i = 0; i < word.size();) {
      size_t length = word.size() - i;
      while (length > 1 && vocabulary.count(word.substr(i, length)) == 0) --length;
      out.push_back(word.substr(i, length));
      i += length;
    }
    return out;
  }
  std::map<Merge, size_t> rank;
  for (size_t r = 0; r < merges.size(); ++r) rank.emplace(merges[r], r);
  Seq seq = bytes_of(word);
  while (true) {
    std::optional<Merge> pick;
    size_t best = merges.size();
    for (size_t i = 0; i + 1 < seq.size(); ++i) {
      const auto it = rank.find({seq[i], seq[i + 1]});
      if (it == rank.end()) continue;
      if (s.encode == EncodeOrder::Leftmost) {
        pick = it->first;
        break;
      }
      if (s.encode == EncodeOrder::Latest ? (!pick || it->second > best) : it->second < best) {
        best = it->second;
        pick = it->first;
      }
    }
    if (!pick) return seq;
    seq = replaced(seq, *pick, s.right_to_left_encode);
  }
}

kt::Tensor bpe_with_steps(const Case& c, const Steps& steps) {
  Encoded encoded;
  for (const std::string& w : c.encode_words)
    encoded.push_back(encode_with_steps(w, c.merges, steps));
  return packed(train_with_steps(c.words, c.num_merges, steps), encoded);
}

Made pitfalls_made(const Steps& s) {
  return {.counts_ignored = s.counts_ignored && !s.pairs_across_words,
          .pairs_across_words = s.pairs_across_words,
          .stale_pair_counts = s.stale_pair_counts,
          .merge_right_to_left =
              (s.right_to_left_train && !s.stale_pair_counts) || s.right_to_left_encode,
          .encode_not_by_rank = s.encode == EncodeOrder::Leftmost};
}

}  // namespace grader::kata_bpe
