// Random cases for the bpe kata's checks (a corpus of words with counts and num_merges for
// training; words to encode with the merges the reference learns from that corpus), the calls into
// the learner's kata::bpe_train and kata::bpe_encode, and how their results are shown.
#pragma once

#include "grader/lib/kata.hpp"

#include "reference/bpe/bpe.hpp"

namespace grader::kata_bpe {

using Merge = ref::Merge;
using Words = std::vector<std::pair<std::string, int64_t>>;
using Encoded = std::vector<std::vector<std::string>>;

/// The words a case's corpus holds.
enum class Corpus {
  Mixed,    // words of 1 to 6 letters from "abcd", counts 1 to 5, some words listed twice
  Repeats,  // runs of one letter ("aaaa") beside mixed words: overlapping pairs
  Bytes,    // words with two-byte UTF-8 letters (é, ü) beside ASCII ones
};

/// Ranges a check draws its cases from. The defaults are the general checks' ranges.
struct Spec {
  Corpus corpus = Corpus::Mixed;
  int64_t words_min = 1, words_max = 8;
  int64_t merges_min = 0, merges_max = 10;
  bool detector = false;  // the detectors' corpora (Note [bpe detectors] in detect.hpp)
};

/// The pitfall detectors' preset.
Spec detector_spec();

struct Case {
  Words words;
  int64_t num_merges = 0;
  std::vector<std::string> encode_words;
  std::vector<Merge> merges;  // for encoding: what the reference learns from `words`
  std::string corpus;         // how the words were drawn, for the learner
  /// The inputs as a learner should see them with a failure.
  [[nodiscard]] std::vector<std::pair<std::string, std::string>> describe() const;
};

/// Draws a case inside a RapidCheck property; its merges are the reference's training.
Case generate(const Spec& spec);

/// grader::run_property, minus the RapidCheck values that only build what the case shows.
Outcome run_bpe_property(uint64_t seed, int cases,
                         const std::function<std::optional<Failure>()>& body);

/// What one call did: the Run, whether it threw std::invalid_argument, the merges (training) or
/// each encode word's symbols (encoding), and whether an input changed.
struct Called {
  Run run;
  bool invalid_argument = false;
  bool too_many = false;  // more than 100000 merges or symbols came back (not sent)
  std::vector<Merge> merges;
  Encoded encoded;
  bool changed = false;
};
Called call_train(const Case& c);
Called call_encode(const Case& c);

/// The reference's results on the case.
std::vector<Merge> reference_merges(const Case& c);
Encoded reference_encoded(const Case& c);

/// A string as the report shows it: quoted, bytes outside printable ASCII as \xHH.
std::string quoted(const std::string& s);
std::string merge_text(const Merge& m);
std::string symbols_text(const std::vector<std::string>& symbols);
/// The count of `pair` in the corpus after the first `round` merges of `merges` (the reference's
/// count of it at that round).
int64_t count_at_round(const Words& words, const std::vector<Merge>& merges, size_t round,
                       const Merge& pair);

/// The failure for a call that threw or came back too large (not_implemented when it threw
/// kt::NotImplemented).
Failure failure_from_run(const Case& c, const Called& called, const std::string& what);

/// " No word of yours holds "aa", the symbol merges[0] = ("a", "a") makes (the only merge given),
/// though the expected encodings do.": the merges (up to three) whose symbols the statement's
/// encodings hold and the learner's never do, each placed among the merges given where it is the
/// first or the last; "" when there are none.
std::string merges_never_applied(const Case& c, const Encoded& got, const Encoded& want);

/// " Yours holds "ba", which no merge given makes (...): a merge from somewhere else.": the
/// symbols (up to three) of the learner's encodings that are neither a byte nor a merge of
/// c.merges joined (a merge list kept from an earlier call, or a merge made up); "" when none is.
std::string symbols_no_merge_makes(const Case& c, const Encoded& got);

/// The index of the first word whose encoding differs (want.size() where none does).
size_t first_differing(const Encoded& got, const Encoded& want);

/// The first merge where got and want differ, as the report shows it: its round, the reference's
/// pair and count, the learner's pair and its count at that round, and when the two counts are
/// equal, how a tie is broken. Empty text when they are equal.
struct MergeDifference {
  std::string text;
  bool tie = false;  // the learner's pair has the reference's count: only the tie-break differs
  /// The learner's merges are the reference's and more, or fewer: only where training stops
  /// differs. A number, not a pair, so the check's rule of a round is beside the point.
  bool where_it_stops = false;
};
MergeDifference merge_difference(const Case& c, const std::vector<Merge>& got,
                                 const std::vector<Merge>& want);
/// merge_difference's text.
std::string first_differing_merge(const Case& c, const std::vector<Merge>& got,
                                  const std::vector<Merge>& want);
/// The first encode word whose symbols differ: the word, expected and got. Empty when equal.
std::string first_differing_word(const Case& c, const Encoded& got, const Encoded& want);

/// The results (merges, then each encode word's symbols) as one Float64 tensor of their bytes and
/// lengths: equal tensors mean equal results (for the mistake catalogue).
kt::Tensor packed(const std::vector<Merge>& merges, const Encoded& encoded);

}  // namespace grader::kata_bpe
