// The attention_backward kata's mistake simulations: without a mistake they are the reference's
// gradients, and each switch changes exactly the gradients Note [attention_backward detectors]
// says it does, so a detector reading one gradient cannot be fooled by a mistake in another.
#include <catch2/catch.hpp>

#include "grader/katas/attention_backward/cases.hpp"
#include "grader/katas/attention_backward/detect.hpp"
#include "grader/katas/attention_backward/mistakes.hpp"
#include "grader/lib/compare.hpp"

namespace ab = grader::kata_attention_backward;

namespace {

/// Which of dq, dk, dv the mistakes change on c, as a 3-character string of 0 and 1.
std::string changed(const ab::Case& c, const ab::Mistakes& m) {
  const ab::Grads right = ab::simulate(c, {}), got = ab::simulate(c, m);
  std::string s;
  s += grader::same_as_mistake(got.dq, right.dq) ? '0' : '1';
  s += grader::same_as_mistake(got.dk, right.dk) ? '0' : '1';
  s += grader::same_as_mistake(got.dv, right.dv) ? '0' : '1';
  return s;
}

}  // namespace

TEST_CASE("without a mistake the attention_backward simulation is the reference",
          "[attention_backward][mistakes]") {
  for (const bool causal : {false, true}) {
    for (const int64_t T : {1, 2, 5}) {
      const ab::Case c = ab::fixed_case({2}, T, 3, causal, uint64_t(40 + T));
      CAPTURE(causal, T);
      const ab::Grads sim = ab::simulate(c, {}), ref = ab::run_reference(c);
      CHECK(grader::close(sim.dq, ref.dq));
      CHECK(grader::close(sim.dk, ref.dk));
      CHECK(grader::close(sim.dv, ref.dv));
    }
  }
}

TEST_CASE("each attention_backward mistake changes the gradients it should and no other",
          "[attention_backward][mistakes]") {
  const ab::Case open = ab::fixed_case({}, 5, 3, false, 9);
  const ab::Case causal = ab::fixed_case({}, 5, 3, true, 9);
  ab::Mistakes m;
  m.no_rowsum = true;
  CHECK(changed(open, m) == "110");
  m = {};
  m.scale = ab::Scale::DqMissing;
  CHECK(changed(open, m) == "100");
  m.scale = ab::Scale::DkMissing;
  CHECK(changed(open, m) == "010");
  m = {};
  m.dk_transposed = true;
  CHECK(changed(open, m) == "010");
  m = {};
  m.dv = ab::DvFrom::Scores;
  CHECK(changed(open, m) == "001");
  m = {};
  m.leak = ab::Leak::Everywhere;
  CHECK(changed(open, m) == "000");  // nothing is masked without is_causal
  CHECK(changed(causal, m) == "111");
  m.leak = ab::Leak::DvOnly;
  CHECK(changed(causal, m) == "001");
}

TEST_CASE("the simulated score gradient without a mistake sums to zero along each row",
          "[attention_backward][mistakes]") {
  // sum_j dS_ij = 0 means dq_i = dS_i k / √d is unchanged when every key moves by the same vector:
  // shift k by a constant row and dq must not change.
  ab::Case c = ab::fixed_case({}, 4, 2, true, 3);
  const kt::Tensor dq = ab::simulate(c, {}).dq;
  c.k = c.k + kt::from_vector(std::vector<double>{0.7, -1.3}, {1, 2});
  CHECK(grader::close(ab::simulate(c, {}).dq, dq, 1e-9, 1e-11));
}
