// What the bpe kata's named mistakes compute, for the detectors and the catalogue to recognise:
// one simulation of training and encoding with a switch per way of getting them wrong. Written
// apart from the reference (grader/katas/bpe/tests/catalogue_test.cpp checks that its default
// computes what the reference does), with symbols as indices into a table of strings.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "grader/katas/bpe/cases.hpp"

namespace grader::kata_bpe {

/// The order in which an encoding applies the merges.
enum class EncodeOrder {
  ByRank,        // the statement's: the lowest-ranked merge present, at all its occurrences
  Leftmost,      // encode_not_by_rank: the leftmost mergeable pair first
  Latest,        // catalogue: the highest-ranked merge present first (the latest learned)
  LongestMatch,  // catalogue: no merges applied, the longest symbol of the vocabulary from the left
};

/// How a learner's code may train and encode. The default is the statement's.
struct Steps {
  bool counts_ignored = false;        // each distinct word weighs 1
  bool pairs_across_words = false;    // each word repeated count times, all joined in one sequence
  bool stale_pair_counts = false;     // the first num_merges pairs of the first round's counts
  bool right_to_left_train = false;   // merge_right_to_left, in training
  bool right_to_left_encode = false;  // merge_right_to_left, in encoding
  EncodeOrder encode = EncodeOrder::ByRank;  // Leftmost: encode_not_by_rank
  // Mistakes of the catalogue only.
  bool ties_to_largest = false;        // ties broken towards the largest pair
  bool overlaps_counted_once = false;  // "aaa" counts (a, a) once
  bool one_merge_short = false;        // num_merges - 1 rounds
  bool last_count_wins = false;        // a word listed twice keeps its last count
};

std::vector<Merge> train_with_steps(const Words& words, int64_t num_merges, const Steps& steps);
std::vector<std::string> encode_with_steps(const std::string& word,
                                           const std::vector<Merge>& merges, const Steps& steps);
/// Both on a case (encoding with the case's merges, the reference's), packed as cases.hpp's.
kt::Tensor bpe_with_steps(const Case& c, const Steps& steps);

/// The pitfalls a computation makes.
struct Made {
  bool counts_ignored = false, pairs_across_words = false, stale_pair_counts = false,
       merge_right_to_left = false, encode_not_by_rank = false;
};
Made pitfalls_made(const Steps& steps);

}  // namespace grader::kata_bpe
