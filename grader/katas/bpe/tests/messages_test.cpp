// The bpe kata's words for a first differing merge (grader/katas/bpe/cases.hpp): its counts, and
// on a tie, how a tie is broken, exactly as the report prints them.
#include <catch2/catch.hpp>

#include "grader/katas/bpe/cases.hpp"

using namespace grader::kata_bpe;

TEST_CASE("a first differing merge of another count says the two counts", "[bpe]") {
  Case c;
  c.words = {{"aaab", 3}};  // (a, a) twice, overlapping: 6; (a, b): 3
  c.num_merges = 1;
  const MergeDifference d = merge_difference(c, {{"a", "b"}}, {{"a", "a"}});
  CHECK_FALSE(d.tie);
  CHECK(d.text ==
        "merge 1: the reference learns (\"a\", \"a\") (count 6); yours learns (\"a\", \"b\"), "
        "which occurs 3 times (counts weighted) in the words as bytes.");
}

TEST_CASE("a first differing merge of the same count is said to be a tie, and how ties go",
          "[bpe]") {
  Case c;
  c.words = {{"ab", 2}, {"ba", 2}};
  c.num_merges = 1;
  const MergeDifference d = merge_difference(c, {{"b", "a"}}, {{"a", "b"}});
  CHECK(d.tie);
  CHECK(d.text ==
        "merge 1: the reference learns (\"a\", \"b\"); yours learns (\"b\", \"a\"). In the "
        "words as bytes, both occur 2 times (counts weighted): a tie, and a tie goes to the "
        "smaller pair, the smaller left string first, then the smaller right one "
        "(std::pair<std::string, std::string>'s <).");
  // With a UTF-8 byte in either pair, how std::string orders bytes.
  Case u;
  u.words = {{"b\xc3\xbc", 4}};
  u.num_merges = 1;
  const MergeDifference bytes = merge_difference(u, {{"\xc3", "\xbc"}}, {{"b", "\xc3"}});
  CHECK(bytes.tie);
  CHECK(bytes.text.ends_with(
      "(std::pair<std::string, std::string>'s <), where std::string compares bytes as unsigned "
      "char: a UTF-8 byte (\\x80 and up) comes after every ASCII one."));
}

TEST_CASE("a merge the expected encodings use and the learner's never do is named, with its place",
          "[bpe]") {
  Case c;
  c.merges = {{"a", "a"}, {"c", "d"}};
  const Encoded want = {{"b", "aa"}, {"cd"}};
  // The last merge never applied (a search for the best rank that starts at the last).
  CHECK(merges_never_applied(c, {{"b", "aa"}, {"c", "d"}}, want) ==
        " No word of yours holds \"cd\", the symbol merges[1] = (\"c\", \"d\") makes (the last of "
        "the 2 merges given), though the expected encodings do.");
  CHECK(merges_never_applied(c, want, want).empty());
  c.merges.pop_back();
  CHECK(merges_never_applied(c, {{"b", "a", "a"}, {"cd"}}, want) ==
        " No word of yours holds \"aa\", the symbol merges[0] = (\"a\", \"a\") makes (the only "
        "merge given), though the expected encodings do.");
}
