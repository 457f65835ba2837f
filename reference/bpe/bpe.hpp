// The bpe kata's reference, which the grader trusts: byte-pair encoding's training and encoding as
// the statement defines them, written for clarity (symbols as strings, every count recomputed from
// scratch each round). Checked against merges worked out by hand and against the grader's own
// simulation of the steps (grader/katas/bpe/mistakes.hpp), written apart.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace ref {

using Merge = std::pair<std::string, std::string>;

/// Training on words with counts (a word may repeat: its counts add; each starts as its bytes;
/// symbols never cross words). Each round: every adjacent pair of every word counted, weighted by
/// the word's count (overlapping occurrences each count); the most frequent pair (ties: the
/// smallest pair, left then right as std::string) recorded and replaced in every word left to
/// right without overlap. Stops after num_merges rounds or when no word has two symbols.
/// Preconditions (num_merges >= 0, counts >= 1, no empty word) are the caller's.
std::vector<Merge> bpe_train(const std::vector<std::pair<std::string, int64_t>>& words,
                             int64_t num_merges);

/// Encoding: the word's bytes; while some adjacent pair is a merge, the lowest-ranked one present
/// replaced at all its occurrences, left to right without overlap. The empty word gives none.
std::vector<std::string> bpe_encode(const std::string& word, const std::vector<Merge>& merges);

/// The symbols after replacing every occurrence of `pair`, left to right without overlap.
std::vector<std::string> merge_pair(const std::vector<std::string>& symbols, const Merge& pair);

}  // namespace ref
