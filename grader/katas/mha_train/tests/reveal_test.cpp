// The revealing design of the mha_train kata (Note [weights seen through the output]): without
// dropout the output carries the attention weights twice, and a dropout of the weights keeps the
// two copies equal, each weight 0 or w / (1 - p).
#include <rapidcheck/catch.h>

#include <catch2/catch.hpp>

#include "grader/katas/mha_train/cases.hpp"

using grader::kata_mha_train::Case;

TEST_CASE("without dropout the revealing design's output carries the weights twice",
          "[mha_train][reveal]") {
  rc::prop("the copies are equal, rows sum to 1, future keys get 0", [] {
    const Case c = grader::kata_mha_train::generate_revealing(false, {0.3});
    const auto got = grader::kata_mha_train::reveal(c, grader::kata_mha_train::run_reference(c));
    RC_ASSERT(grader::close(got.first, got.second));
    RC_ASSERT(grader::close(got.first, got.expected));
    const kt::Tensor sums = kt::sum(got.first, -1);
    RC_ASSERT(kt::allclose(sums, kt::ones_like(sums), 0.0, 1e-12));
    if (c.causal) {
      const kt::Tensor future = ~kt::tril(kt::ones({c.T, c.T}, kt::Bool));
      RC_ASSERT(kt::all(got.first.masked_fill(~future, 0.0) == 0.0).item() != 0.0);
    }
  });
}

TEST_CASE("dropout_pattern tells a rescaled dropout from an unscaled one and from no dropout",
          "[mha_train][reveal]") {
  const kt::Tensor w = kt::from_vector(std::vector<double>{0.2, 0.3, 0.5, 1.0}, {2, 2});
  const kt::Tensor kept = kt::from_vector(std::vector<bool>{true, false, true, true}, {2, 2});
  const kt::Tensor rescaled = kt::where(kept, w / 0.7, 0.0), unscaled = kt::where(kept, w, 0.0);
  using grader::kata_mha_train::dropout_pattern;
  CHECK(dropout_pattern(rescaled, w, 1 / 0.7));
  CHECK_FALSE(dropout_pattern(rescaled, w, 1.0));
  CHECK(dropout_pattern(unscaled, w, 1.0));
  CHECK_FALSE(dropout_pattern(unscaled, w, 1 / 0.7));
  CHECK_FALSE(dropout_pattern(w, w, 1.0));                  // nothing dropped
  CHECK_FALSE(dropout_pattern(kt::zeros({2, 2}), w, 1.0));  // nothing kept
  // A row wholly dropped beside a row untouched: the scale of a kept weight beside a dropped one
  // is never seen (rows renormalised after the dropout give exactly this on some calls).
  const kt::Tensor whole_rows = kt::from_vector(std::vector<double>{0.0, 0.0, 0.5, 1.0}, {2, 2});
  CHECK_FALSE(dropout_pattern(whole_rows, w, 1.0));
}
