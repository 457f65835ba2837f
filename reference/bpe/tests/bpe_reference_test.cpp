// The bpe reference against merges worked out by hand: Sennrich et al.'s corpus of English words,
// and the corner cases the statement names (overlaps, repeated words, stopping).
#include <catch2/catch.hpp>
#include <string>
#include <utility>
#include <vector>

#include "reference/bpe/bpe.hpp"

using Merges = std::vector<ref::Merge>;
using Symbols = std::vector<std::string>;

TEST_CASE("the bpe reference learns the merges worked out by hand on low, lower, newest, widest",
          "[reference]") {
  // Sennrich, Haddow & Birch's example, without an end-of-word marker: low 5, lower 2, newest 6,
  // widest 3. Round 1 counts (l,o) 7, (o,w) 7, (w,e) 2 + 6 = 8, (e,r) 2, (n,e) 6, (e,w) 6,
  // (e,s) 6 + 3 = 9, (s,t) 9, (w,i) 3, (i,d) 3, (d,e) 3: (e,s) and (s,t) tie at 9, and
  // ("e","s") < ("s","t"). Then newest = n e w es t, widest = w i d es t, and
  //  2. (es,t) 9;
  //  3. (l,o) 7, tied with (o,w) 7 ("l" < "o");
  //  4. (lo,w) 7;
  //  5. (e,w) 6, tied with (n,e) and (w,est) ("e" < "n" < "w"): newest = n ew est;
  //  6. (ew,est) 6, tied with (n,ew) ("ew" < "n");
  //  7. (n,ewest) 6: newest is one symbol;
  //  8. (d,est) 3, tied with (i,d) and (w,i): widest = w i dest;
  //  9. (i,dest) 3, tied with (w,i);
  // 10. (w,idest) 3: widest is one symbol;
  // 11. (e,r) 2, tied with (low,e) ("e" < "low"): lower = low er;
  // 12. (low,er) 2. Every word is then one symbol: training stops at 12 whatever num_merges is.
  const std::vector<std::pair<std::string, int64_t>> words = {
      {"low", 5}, {"lower", 2}, {"newest", 6}, {"widest", 3}};
  const Merges want = {{"e", "s"},    {"es", "t"},    {"l", "o"},     {"lo", "w"},
                       {"e", "w"},    {"ew", "est"},  {"n", "ewest"}, {"d", "est"},
                       {"i", "dest"}, {"w", "idest"}, {"e", "r"},     {"low", "er"}};
  CHECK(ref::bpe_train(words, 100) == want);
  CHECK(ref::bpe_train(words, 4) == Merges(want.begin(), want.begin() + 4));
  CHECK(ref::bpe_train(words, 0).empty());
  // lowest: l o w e s t; (e,s) ranks 0, (l,o) 2: es first, then (es,t) 1, then (l,o), (lo,w).
  CHECK(ref::bpe_encode("lowest", want) == Symbols{"low", "est"});
  // widen: w i d e n; no merge has (w,i), (i,d), (d,e) or (e,n): the bytes as they are.
  CHECK(ref::bpe_encode("widen", want) == Symbols{"w", "i", "d", "e", "n"});
  // newer: n e w e r; (e,w) ranks 4, (e,r) 10: n ew e r, then n ew er; (n,ew) is no merge.
  CHECK(ref::bpe_encode("newer", want) == Symbols{"n", "ew", "er"});
  CHECK(ref::bpe_encode("", want).empty());
}

TEST_CASE("the bpe reference counts overlapping pairs, merges left to right, adds repeated words",
          "[reference]") {
  // "aaa" holds (a,a) twice: with count 1 it beats (b,b) of "bb" with count 1 (2 > 1).
  CHECK(ref::bpe_train({{"aaa", 1}, {"bb", 1}}, 1) == Merges{{"a", "a"}});
  // Replaced left to right without overlap: aaa -> aa a, so round 2 counts (aa,a) once and (b,b).
  // Ties at 1: ("aa","a") < ("b","b").
  CHECK(ref::bpe_train({{"aaa", 1}, {"bb", 1}}, 2) == Merges{{"a", "a"}, {"aa", "a"}});
  CHECK(ref::merge_pair({"a", "a", "a", "a"}, {"a", "a"}) == Symbols{"aa", "aa"});
  CHECK(ref::merge_pair({"a", "a", "a"}, {"a", "a"}) == Symbols{"aa", "a"});
  // A word listed twice adds its counts: xy 1 + xy 1 = 2 beats zw 1... but zw 3 beats it.
  CHECK(ref::bpe_train({{"xy", 1}, {"zw", 1}, {"xy", 1}}, 1) == Merges{{"x", "y"}});
  CHECK(ref::bpe_train({{"xy", 1}, {"zw", 3}, {"xy", 1}}, 1) == Merges{{"z", "w"}});
  // Single-byte words have no pair: no merge at all.
  CHECK(ref::bpe_train({{"a", 4}, {"b", 1}}, 3).empty());
  CHECK(ref::bpe_train({}, 3).empty());
  // Bytes, not characters: "é" is two bytes in UTF-8, merged like any pair.
  CHECK(ref::bpe_train({{"\xc3\xa9", 2}}, 1) == Merges{{"\xc3", "\xa9"}});
  // Encoding merges every occurrence of the pair it applies: aaaa -> aa aa -> aaaa.
  CHECK(ref::bpe_encode("aaaa", {{"a", "a"}, {"aa", "aa"}}) == Symbols{"aaaa"});
  // The lowest rank first, wherever it is: (b,c) ranks 0, so a bc, not ab c.
  CHECK(ref::bpe_encode("abc", {{"b", "c"}, {"a", "b"}}) == Symbols{"a", "bc"});
}
