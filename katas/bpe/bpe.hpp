// GIVEN — do not edit. The grader calls kata::bpe_train and kata::bpe_encode, which you write in
// bpe.cpp.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace kata {

/// A merge: two adjacent symbols that become one (their concatenation).
using Merge = std::pair<std::string, std::string>;

/// Byte-pair encoding's training. words: each word with its count (a word may repeat: its counts
/// add); each word starts as its single bytes, and symbols never cross words. Each round counts
/// every adjacent pair of symbols in every word, weighted by the word's count (overlapping
/// occurrences each count: "aaa" holds (a, a) twice), takes the most frequent pair (ties: the
/// smallest pair, comparing left then right as std::string), records it, and replaces its
/// occurrences in every word left to right without overlap ("aaa" becomes "aa" "a"). Stops after
/// num_merges rounds, or earlier when no word has two symbols. Returns the merges in the order
/// learned. Throws std::invalid_argument when num_merges < 0, a count is < 1 or a word is empty;
/// an empty list gives no merges.
std::vector<Merge> bpe_train(const std::vector<std::pair<std::string, int64_t>>& words,
                             int64_t num_merges);

/// Encodes one word: its single bytes, then, while some adjacent pair is a merge, the
/// lowest-ranked such merge (the earliest in `merges`) applied to all its occurrences, left to
/// right without overlap. Returns the symbols; the empty word gives none.
std::vector<std::string> bpe_encode(const std::string& word, const std::vector<Merge>& merges);

}  // namespace kata
