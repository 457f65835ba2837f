// The bpe kata's general checks: training's merges against the reference on mixed corpora, on
// runs of one letter (overlapping pairs), on two-byte letters (bytes, not characters) and with
// num_merges past what the corpus allows; encoding against the reference with the merges learned
// from the corpus, and on the empty word and no merges; the inputs left as they were; and
// arguments outside the API refused. Each known pitfall has its own detector in pitfalls/ID.cpp
// (see detect.hpp).
#include <rapidcheck.h>

#include <functional>
#include <string>
#include <vector>

#include "grader/katas/bpe/cases.hpp"
#include "grader/katas/bpe/catalogue.hpp"

namespace grader::kata_bpe {
namespace {

constexpr int kCases = 100;
const char* const kTrain = "bpe_train(words, num_merges)";
const char* const kEncode = "bpe_encode(word, merges)";

std::optional<Failure> compare_train(const Case& c, const std::string& why) {
  const Called called = call_train(c);
  if (!called.run.ok() || called.too_many) return failure_from_run(c, called, kTrain);
  const std::vector<Merge> want = reference_merges(c);
  if (called.merges == want) return std::nullopt;
  // (On a tie the difference is the tie-break: the check's own advice would be beside it.)
  const MergeDifference differs = merge_difference(c, called.merges, want);
  Failure f;
  // (Where only the count differs, the rule of a round would point at the counting: round 49.)
  // ("at merge 1" above a journey of another, bigger case read as one more mistake, round 49)
  f.message = "on the smallest failing case (below), your merges differ from the reference's at " +
              differs.text +
              (differs.tie              ? std::string()
               : differs.where_it_stops ? " Training makes num_merges merges, one a round, and "
                                          "stops earlier only when no word has two symbols "
                                          "left to merge."
                                        : why);
  // A training case: the merges given to bpe_encode and the words it encodes are another call's.
  f.counterexample = c.describe();
  std::erase_if(f.counterexample, [](const auto& entry) {
    return entry.first.starts_with("merges learned") || entry.first == "encoded words";
  });
  diagnose_after_shrinking(f, c);
  return f;
}

constexpr const char* kEncodeRule =
    " Encoding starts from the bytes and applies, while any is present, the merge of lowest rank "
    "(earliest learned) at all its occurrences.";

/// `why(word)`: what the rule is, for the first word whose encoding differs.
std::optional<Failure> compare_encode(const Case& c,
                                      const std::function<std::string(const std::string&)>& why) {
  const Called called = call_encode(c);
  if (!called.run.ok() || called.too_many) return failure_from_run(c, called, kEncode);
  const Encoded want = reference_encoded(c);
  if (called.encoded == want) return std::nullopt;
  const size_t first = first_differing(called.encoded, want);
  Failure f;
  f.message = first_differing_word(c, called.encoded, want) +
              symbols_no_merge_makes(c, called.encoded) +
              merges_never_applied(c, called.encoded, want) +
              " (merges: the reference's, learned from the words shown)" +
              why(first < c.encode_words.size() ? c.encode_words[first] : std::string());
  f.counterexample = c.describe();
  diagnose_after_shrinking(f, c);
  return f;
}

Outcome check_train_matches(uint64_t seed) {
  return run_bpe_property(seed, kCases, [&] {
    return compare_train(generate(Spec{}),
                         " Each round counts every adjacent pair inside each word, weighted by the "
                         "word's count, and merges the most frequent (ties: the smallest pair).");
  });
}

Outcome check_overlapping_pairs(uint64_t seed) {
  return run_bpe_property(seed, kCases / 2, [&] {
    Spec spec;
    spec.corpus = Corpus::Repeats;
    return compare_train(generate(spec),
                         " Runs of one letter overlap their own pairs: \"aaa\" holds (a, a) twice "
                         "when counting, and becomes \"aa\" \"a\" when merging (left to right, "
                         "without overlap).");
  });
}

Outcome check_bytes(uint64_t seed) {
  return run_bpe_property(seed, kCases / 2, [&] {
    Spec spec;
    spec.corpus = Corpus::Bytes;
    return compare_train(generate(spec),
                         " Words start as their bytes: a two-byte UTF-8 letter is two symbols "
                         "until a merge joins them (iterate over the std::string's chars).");
  });
}

Outcome check_stops_when_done(uint64_t seed) {
  return run_bpe_property(seed, kCases / 2, [&] {
    Spec spec;
    spec.words_max = 4;
    spec.merges_min = 20;
    spec.merges_max = 40;
    return compare_train(generate(spec),
                         " num_merges is more than the corpus allows: training stops as soon as "
                         "no word has two symbols left.");
  });
}

Outcome check_encode_matches(uint64_t seed) {
  return run_bpe_property(seed, kCases, [&] {
    return compare_encode(generate(Spec{}), [](const std::string&) { return kEncodeRule; });
  });
}

Outcome check_encode_edge_cases(uint64_t seed) {
  return run_bpe_property(seed, kCases / 4, [&] {
    Case c = generate(Spec{});
    const bool no_merges = *rc::gen::arbitrary<bool>().as("no merges given");
    if (no_merges) c.merges.clear();
    c.encode_words.insert(c.encode_words.begin(), "");
    c.encode_words.push_back(c.words.front().first.substr(0, 1));
    // The rule for the word that differs: an ordinary word is told the encoding rule.
    return compare_encode(c, [no_merges](const std::string& word) {
      return no_merges          ? std::string(" With no merges a word is its bytes.")
             : word.empty()     ? std::string(" The empty word gives no symbols.")
             : word.size() == 1 ? std::string(" One byte gives itself.")
                                : std::string(kEncodeRule);
    });
  });
}

Outcome check_inputs_unchanged(uint64_t seed) {
  return run_bpe_property(seed, kCases / 4, [&]() -> std::optional<Failure> {
    const Case c = generate(Spec{});
    for (const bool train : {true, false}) {
      const Called called = train ? call_train(c) : call_encode(c);
      if (!called.run.ok()) return failure_from_run(c, called, train ? kTrain : kEncode);
      if (!called.changed) continue;
      Failure f;
      f.message =
          "your code changed its arguments (the words, or the merges given to "
          "bpe_encode): they are const, and the caller's must be left as they were. "
          "Copy what you need to change.";
      f.counterexample = c.describe();
      return f;
    }
    return std::nullopt;
  });
}

Outcome check_bad_arguments_throw(uint64_t seed) {
  return run_bpe_property(seed, kCases / 4, [&]() -> std::optional<Failure> {
    Case c = generate(Spec{});
    const auto which = *rc::gen::inRange(0, 4).as("which argument is outside the API");
    std::string what;
    if (which == 0) {
      c.num_merges = -1;
      what = "num_merges = -1";
    } else if (which == 1) {
      c.words.back().second = 0;
      what = "a count of 0 (for " + quoted(c.words.back().first) + ")";
    } else if (which == 2) {
      c.words.back().second = -3;
      what = "a count of -3 (for " + quoted(c.words.back().first) + ")";
    } else {
      c.words.emplace_back("", 2);
      what = "an empty word";
    }
    const Called called = call_train(c);
    if (called.run.not_implemented || called.run.out_of_memory)
      return failure_from_run(c, called, kTrain);
    if (!called.run.ok() && called.invalid_argument) return std::nullopt;
    Failure f;
    f.message = "with " + what + ", bpe_train must throw std::invalid_argument; it " +
                (called.run.ok()
                     ? std::string("returned ") + std::to_string(called.merges.size()) + " merges"
                     : "threw " + called.run.error) +
                ". Check the arguments first (#include <stdexcept>) and say which one is wrong "
                "and why.";
    f.counterexample = c.describe();
    return f;
  });
}

const Registrar registered_train_matches({"train_matches",
                                          "bpe_train learns the reference's merges, in order",
                                          check_train_matches});
const Registrar registered_overlapping_pairs(
    {"overlapping_pairs", "runs of one letter: overlaps counted, merged left to right",
     check_overlapping_pairs});
const Registrar registered_bytes({"bytes", "words start as their bytes (two-byte UTF-8 letters)",
                                  check_bytes});
const Registrar registered_stops_when_done({"stops_when_done",
                                            "training stops when no word has two symbols left",
                                            check_stops_when_done});
const Registrar registered_encode_matches(
    {"encode_matches", "bpe_encode gives the reference's symbols with learned merges",
     check_encode_matches});
const Registrar registered_encode_edge_cases({"encode_edge_cases",
                                              "the empty word, one byte, and no merges at all",
                                              check_encode_edge_cases});
const Registrar registered_inputs_unchanged({"inputs_unchanged",
                                             "the words and merges are not modified",
                                             check_inputs_unchanged});
const Registrar registered_bad_arguments_throw(
    {"bad_arguments_throw",
     "num_merges < 0, a count < 1 or an empty word throw "
     "std::invalid_argument",
     check_bad_arguments_throw});

}  // namespace
}  // namespace grader::kata_bpe
