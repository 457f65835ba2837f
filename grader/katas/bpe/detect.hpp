// What the bpe kata's pitfall detectors share. Each detector lives in pitfalls/ID.cpp and
// registers the check "pitfall_ID"; kata.toml gives its points.
//
// Note [bpe detectors]
// The five pitfalls are choices in one simulation of training and encoding (Steps in
// mistakes.hpp): how the words weigh (their counts, 1 each, or all joined into one sequence
// repeated count times), whether the pairs are recounted each round, the direction replacements
// scan in (in training, in encoding), and which pair encoding applies first (the lowest rank, or
// the leftmost); with the catalogue's own choices beside them (ties to the largest pair, overlaps
// counted once, one round short, a repeated word's last count), so that a mistake of theirs is not
// taken for a pitfall. A detector searches every such computation (the training's 160 and the
// encoding's 4 apart, then every pairing) and names its pitfall when the learner's merges and
// encodings together equal one that makes it and none that does not, the same case called again
// gives the same results, and so it goes on a second case where the pitfall shows (a word's last
// count, say, can weigh its pairs as "1 each" does on one corpus): two mistakes are named both,
// results no choice explains are named with none. Each runs on corpora of 3 to 8 words of "abc"
// with runs of one letter ("aaaa": overlapping pairs, where the direction of replacement shows),
// counts 1 to 5 and some words listed twice (where counts show), 3 to 8 merges (where stale counts
// show), and five words to encode of 2 to 8 letters.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "grader/katas/bpe/cases.hpp"
#include "grader/katas/bpe/mistakes.hpp"

namespace grader::kata_bpe {

inline constexpr int kDetectorCases = 40;

/// The searched steps whose training gives `merges` and whose encoding gives `encoded` on the case,
/// and which make `pitfall`, if some do and none that do not make it does.
std::optional<Steps> steps_with(const Case& c, const std::vector<Merge>& merges,
                                const Encoded& encoded, bool Made::*pitfall);

/// A detector's body: draws a detector case, runs the learner's training and encoding, and when
/// they are wrong and steps_with finds `pitfall`, the failure named `id` with message(case, steps).
Outcome detect(uint64_t seed, bool Made::*pitfall, const char* id,
               const std::function<std::string(const Case&, const Steps&)>& message);

/// Whether the pitfall alone changes the case's results.
bool shows(const Case& c, bool Made::*pitfall);

/// The failure a detector reports: the message, the case, the first merge or encoded word that
/// differs.
Failure detector_failure(const Case& c, const Called& train, const Called& encode,
                         const std::string& message);

}  // namespace grader::kata_bpe
