// What the MHA family's detectors share (grader/katas/mha_family/detect.hpp): a divisor of the
// scores is claimed only on cases where no other divisor a learner uses equals it.
#include <catch2/catch.hpp>

#include <cmath>

#include "grader/katas/mha_family/detect.hpp"

namespace {

grader::mha::Case heads(int64_t H, int64_t dk) {
  grader::mha::Case c;
  c.H = H;
  c.Hkv = H;
  c.dk = dk;
  return c;
}

}  // namespace

TEST_CASE("a divisor of the scores stands apart only where no other one a learner uses equals it",
          "[grader][mha]") {
  using grader::mha::scale_stands_apart;
  // d_head = 3 with 2 heads: 1, 1.73, 3, 2.45, 6, 1.41, 2 are all different.
  CHECK(scale_stands_apart(heads(2, 3), 3.0));
  CHECK(scale_stands_apart(heads(2, 3), std::sqrt(6.0)));
  // d_head = 2 with 4 heads: d_head = sqrt(num_heads), so code dividing by sqrt(num_heads) looks
  // like scale_by_d_head.
  CHECK_FALSE(scale_stands_apart(heads(4, 2), 2.0));
  // d_head = 1: sqrt(d_model) = sqrt(num_heads).
  CHECK_FALSE(scale_stands_apart(heads(3, 1), std::sqrt(3.0)));
  // d_head = num_heads: sqrt(d_model) = d_head, the two scale pitfalls coincide.
  CHECK_FALSE(scale_stands_apart(heads(3, 3), 3.0));
  CHECK_FALSE(scale_stands_apart(heads(3, 3), std::sqrt(9.0)));
}

TEST_CASE("with grouped heads, k_proj's width is a divisor a learner uses too", "[grader][mha]") {
  using grader::mha::scale_stands_apart;
  // 4 query heads, 2 kv heads, d_head = 3: sqrt(d_model) = sqrt(12) stands apart from
  // sqrt(num_kv_heads * d_head) = sqrt(6), and sqrt(6) is no pitfall's divisor.
  grader::mha::Case c = heads(4, 3);
  c.Hkv = 2;
  CHECK(scale_stands_apart(c, std::sqrt(12.0)));
  // 4 query heads, 2 kv heads, d_head = 1: k_proj's width 2 = sqrt(num_heads), so dividing by
  // sqrt(num_heads) is not apart.
  grader::mha::Case d = heads(4, 1);
  d.Hkv = 2;
  CHECK_FALSE(scale_stands_apart(d, 2.0));
}
