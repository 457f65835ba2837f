// Every pitfall of the cross_entropy kata alone, and every two together, are named exactly (Note
// [every double named exactly] in grader/tests/doubles/doubles.hpp): the learner's
// kata::cross_entropy, written with kt's ops as a learner writes it
// (solutions/cross_entropy/worked.cpp), each pitfall a slip as the test bed's known-bad files
// make it. Kept apart from the grader's simulation of the mistakes
// (grader/katas/cross_entropy/mistakes.hpp) on purpose: it is the learner's code.
#include <catch2/catch.hpp>

#include <vector>

#include "cross_entropy.hpp"
#include "grader/tests/doubles/check.hpp"

namespace {

doubles::Names on;  // the slips now on

bool slip(const char* id) { return on.count(id) != 0; }

/// Whether the ignored rows are read as ordinary rows (else zeroed but counted in N).
bool ignore_index_unread = false;

}  // namespace

namespace kata {

kt::Tensor cross_entropy(const kt::Tensor& logits, const kt::Tensor& target, int64_t ignore_index,
                         double label_smoothing) {
  const int64_t axis = slip("softmax_wrong_dim") ? 0 : 1;
  kt::Tensor lp;
  if (slip("log_of_softmax")) {
    lp = kt::log(kt::softmax(logits, axis));
  } else if (slip("no_max_subtraction")) {
    lp = logits - kt::log(kt::sum(kt::exp(logits), axis, true));
  } else {
    lp = logits - kt::logsumexp(logits, axis, true);
  }
  const int64_t classes = logits.size(1);
  const bool unread = slip("ignored_rows_in_mean") && ignore_index_unread;
  const kt::Tensor keep =
      unread ? kt::ones(target.sizes(), kt::Bool) : target != double(ignore_index);
  const kt::Tensor safe = kt::where(keep, target, kt::zeros_like(target)).to(kt::Int64);
  const kt::Tensor nll = -kt::gather(lp, 1, safe.unsqueeze(1)).squeeze(1);
  const double eps = label_smoothing;
  kt::Tensor loss;
  if (slip("smoothing_mass_wrong")) {
    // 1 - eps on the target, eps / (C - 1) on each other class.
    const kt::Tensor others = -kt::sum(lp, 1) - nll;
    loss = nll * (1 - eps) + others * (classes > 1 ? eps / double(classes - 1) : 0.0);
  } else {
    loss = nll * (1 - eps) + (-kt::mean(lp, 1)) * eps;
  }
  loss = kt::where(keep, loss, kt::zeros_like(loss));
  const double count =
      slip("ignored_rows_in_mean") ? double(target.size(0)) : kt::sum(keep).to(kt::Float64).item();
  return (kt::sum(loss) / count).to(logits.dtype());
}

}  // namespace kata

namespace {

/// The pairs of slips that bear on each other in this learner.
std::vector<doubles::Pair> pairs() {
  using doubles::Relation;
  return {{"log_of_softmax", "no_max_subtraction", Relation::Absorbs,
           "the log of a softmax has no log-sum-exp of its own"}};
}

}  // namespace

TEST_CASE("cross_entropy: no pitfall, every pitfall alone and every two together are named exactly",
          "[doubles]") {
  const doubles::Kata kata{[](const doubles::Names& slips) { on = slips; }, pairs()};
  doubles::check_named_exactly(kata);
}

TEST_CASE("cross_entropy: the same with ignore_index never read", "[doubles]") {
  ignore_index_unread = true;
  const doubles::Kata kata{[](const doubles::Names& slips) { on = slips; }, pairs()};
  doubles::check_named_exactly(kata, "ignore_index never read");
  ignore_index_unread = false;
}
