// What the kv_cache checks say of a cache whose length() is not the number of tokens cached.
#include <catch2/catch.hpp>
#include <vector>

#include "grader/katas/kv_cache/cases.hpp"
#include "grader/katas/kv_cache/mistakes.hpp"
#include "reference/rope/rope.hpp"

namespace {

using grader::kata_kv_cache::Case;
using grader::kata_kv_cache::Decode;
using grader::kata_kv_cache::length_note;

Case three_tokens() {
  kt::Generator gen(7);
  return grader::kata_kv_cache::make_case(gen, 1, 2, 4, false, {1, 1, 1});  // B 1, H 2, d_head 4
}

}  // namespace

TEST_CASE("a cache laid out (B, T, H, d_head) is said to be, with the length it gives",
          "[kv_cache]") {
  Decode d;
  d.call = 3;
  d.cache_k = kt::zeros({1, 3, 2, 4});  // (B, T, H, d_head)
  d.cache_length = 2;                   // its size(2): H
  CHECK(length_note(three_tokens(), d) ==
        " After the last call your cache.length() is 2, but 3 tokens were cached: "
        "cache.length() is cache.k.size(2), so each call's positions start from a wrong length. "
        "Your cache.k is [1, 3, 2, 4], laid out (B, T, num_heads, d_head): keep it (B, "
        "num_heads, T, d_head), appended along dim 2.");
}

TEST_CASE("a cache of the right length, or none, gets no note", "[kv_cache]") {
  Decode d;
  d.call = 3;
  d.cache_k = kt::zeros({1, 2, 3, 4});
  d.cache_length = 3;
  CHECK(length_note(three_tokens(), d).empty());
  d.cache_k = kt::Tensor();
  d.cache_length = 0;
  CHECK(length_note(three_tokens(), d).empty());
  // A wrong length from another layout: said, without a layout it does not have.
  d.cache_k = kt::zeros({1, 2, 1, 4});
  d.cache_length = 1;
  const std::string note = length_note(three_tokens(), d);
  CHECK(note.find("your cache.length() is 1, but 3 tokens were cached") != std::string::npos);
  CHECK(note.find("laid out") == std::string::npos);
}

TEST_CASE(
    "a cache in the right order but longer than the tokens brought says rows were appended twice",
    "[kv_cache]") {
  Decode d;
  d.call = 3;
  d.cache_k = kt::zeros({1, 2, 6, 4});  // 6 rows for 3 tokens
  d.cache_length = 6;
  CHECK(length_note(three_tokens(), d) ==
        " After the last call your cache.length() is 6, but 3 tokens were cached: cache.length() "
        "is cache.k.size(2), so each call's positions start from a wrong length. Your cache.k has "
        "its axes in the right order, [1, 2, 6, 4], but 6 rows for 3 tokens (2 rows per token): a "
        "call appends more rows than the tokens it brings (append each new key and value once).");
  // One token: said as one.
  Decode one;
  one.call = 1;
  one.cache_k = kt::zeros({1, 2, 2, 4});
  one.cache_length = 2;
  CHECK(length_note(three_tokens(), one).find("but 1 token was cached") != std::string::npos);
  CHECK(length_note(three_tokens(), one).find("2 rows for 1 token (2 rows per token)") !=
        std::string::npos);
}

TEST_CASE("a cache short of tokens says which positions its rows are", "[kv_cache]") {
  kt::Generator gen(7);
  const Case c = grader::kata_kv_cache::make_case(gen, 1, 2, 4, false, {3, 1});  // prefill 3, 1
  const kt::Tensor k = grader::kata_kv_cache::run_reference(c).k;                // (1, 2, 4, 4)
  Decode d;
  d.call = 2;
  // Each call's last token only: positions 2 and 3.
  d.cache_k = k.narrow(2, 2, 2).contiguous();
  d.cache_length = 2;
  CHECK(length_note(c, d).find(" Its rows are the keys of each call's last token only (tokens 2, "
                               "3 of the sequence): a call appends the keys and values of every "
                               "token it brings, all of a prefill's.") != std::string::npos);
  // Others missing: said by position.
  d.cache_k = kt::cat({k.narrow(2, 0, 1), k.narrow(2, 3, 1)}, 2);
  CHECK(length_note(c, d).find(" Its rows are the keys of tokens 0, 3 of the sequence; tokens 1, 2 "
                               "never reached it") != std::string::npos);
  // A key rotated at a wrong position is still that token's.
  d.cache_k = kt::cat(
      {k.narrow(2, 0, 1),
       ref::rope(grader::kata_kv_cache::project_heads(c, c.w.wk, c.w.bk).narrow(2, 3, 1), 1)},
      2);
  CHECK(length_note(c, d).find(" Its rows are the keys of tokens 0, 3 of the sequence") !=
        std::string::npos);
  // Rows that are no position's keys: nothing said of them.
  d.cache_k = kt::zeros({1, 2, 2, 4});
  CHECK(length_note(c, d).find("Its rows") == std::string::npos);
}
