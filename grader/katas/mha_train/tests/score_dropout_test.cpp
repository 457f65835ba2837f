// Note [dropout read off the scores]: the scores without dropout are those whose softmax the
// revealing output carries, and read_score_dropout reads the keep decisions of a dropout that
// zeroes scores, at its scale only, and not those of one that hides them with finfo.min.
#include <rapidcheck/catch.h>

#include <catch2/catch.hpp>
#include <limits>

#include "grader/katas/mha_train/cases.hpp"

namespace {

using grader::kata_mha_train::Case;
using grader::kata_mha_train::read_score_dropout;
using grader::kata_mha_train::ScoreDropout;

}  // namespace

TEST_CASE("the scores without dropout give the weights the revealing output carries",
          "[mha_train][score_dropout]") {
  rc::prop("softmax of the scores is the expected weights", [] {
    const Case c = grader::kata_mha_train::independence_case();
    const kt::Tensor expected =
        grader::kata_mha_train::reveal(c, grader::kata_mha_train::run_reference(c)).expected;
    const kt::Tensor scores = grader::kata_mha_train::scores_without_dropout(c);
    RC_ASSERT(grader::close(kt::softmax(scores, -1), expected, 1e-12, 1e-12));
    const ScoreDropout whole = read_score_dropout(scores, expected, 1.0);
    RC_ASSERT(whole.explained);
    RC_ASSERT(!whole.shows_zeroed);
  });
}

TEST_CASE("a dropout that zeroes scores is read at its own scale", "[mha_train][score_dropout]") {
  rc::prop("the decisions read are the mask's, where a row tells them", [] {
    const Case c = grader::kata_mha_train::independence_case();
    const kt::Tensor scores = grader::kata_mha_train::scores_without_dropout(c);
    kt::Generator gen(c.gen_seed);
    const kt::Tensor keep = kt::rand(scores.sizes(), gen) >= c.p;
    const double rescale = 1.0 / (1.0 - c.p);
    for (const double scale : {1.0, rescale}) {
      const kt::Tensor w = kt::softmax(kt::where(keep, scores * scale, 0.0), -1);
      const ScoreDropout read = read_score_dropout(scores, w, scale);
      RC_ASSERT(read.explained);
      const std::vector<bool> kept = keep.contiguous().to_vector<bool>();
      for (size_t f = 0; f < kept.size(); ++f)
        RC_ASSERT(read.dropped[f] == -1 || read.dropped[f] == (kept[f] ? 0 : 1));
      // Some row has a kept key and a dropped one that both get weight (above 1e-6): the other
      // scale cannot give it, and it shows a score set to 0.
      bool telling = false;
      const std::vector<double> got = w.contiguous().to_vector<double>();
      const size_t T = size_t(c.T);
      for (size_t row = 0; row < got.size() && !telling; row += T) {
        bool kept_one = false, dropped_one = false;
        for (size_t j = 0; j < T; ++j)
          if (got[row + j] > 1e-6) (kept[row + j] ? kept_one : dropped_one) = true;
        telling = kept_one && dropped_one;
      }
      if (!telling) continue;
      RC_ASSERT(read.shows_zeroed);
      RC_ASSERT(!read_score_dropout(scores, w, scale == 1.0 ? rescale : 1.0).explained);
    }
  });
}

TEST_CASE("a dropout that hides dropped scores with finfo.min is not read as one that zeroes them",
          "[mha_train][score_dropout]") {
  rc::prop("no row of it shows a score set to 0", [] {
    const Case c = grader::kata_mha_train::independence_case();
    const kt::Tensor scores = grader::kata_mha_train::scores_without_dropout(c);
    kt::Generator gen(c.gen_seed);
    const kt::Tensor dropped = kt::rand(scores.sizes(), gen) < c.p;
    const kt::Tensor w =
        kt::softmax(scores.masked_fill(dropped, kt::finfo(scores.dtype()).min), -1);
    for (const double scale : {1.0, 1.0 / (1.0 - c.p)}) {
      const ScoreDropout read = read_score_dropout(scores, w, scale);
      RC_ASSERT(!(read.explained && read.shows_zeroed));
    }
  });
}

TEST_CASE("weights are taken for a dropout of the scores only when one makes them",
          "[mha_train][score_dropout]") {
  rc::prop("zeroed or hidden scores are; the softmax of other scores is not", [] {
    const Case c = grader::kata_mha_train::independence_case();
    const kt::Tensor scores = grader::kata_mha_train::scores_without_dropout(c);
    kt::Generator gen(c.gen_seed);
    const kt::Tensor keep = kt::rand(scores.sizes(), gen) >= c.p;
    const double rescale = 1.0 / (1.0 - c.p);
    using grader::kata_mha_train::explained_by_score_dropout;
    // Decisions of a score's own: a row that drops some of the keys it sees and keeps others, a
    // key seen by two queries dropped for one and kept for the other.
    // (A row kept or dropped whole tells a hiding dropout's decisions apart from none: the key
    // mixed down a column is mixed among the partial rows.)
    const kt::Tensor visible = scores > -std::numeric_limits<double>::max();
    const auto mixed = [&](const kt::Tensor& among, int64_t dim) {
      const kt::Tensor kept = kt::sum((keep & among).to(kt::Int64), dim, /*keepdim=*/true);
      const kt::Tensor dropped = kt::sum((~keep & among).to(kt::Int64), dim, /*keepdim=*/true);
      return (kept > 0.0) & (dropped > 0.0);
    };
    const kt::Tensor partial_rows = mixed(visible, -1);  // (B, H, T, 1)
    RC_PRE(kt::any(mixed(visible & partial_rows, -2)).item() != 0.0);
    // Dropped scores set to 0 (rescaled or not), or hidden with the lowest double.
    RC_ASSERT(
        explained_by_score_dropout(c, kt::softmax(kt::where(keep, scores * rescale, 0.0), -1)));
    RC_ASSERT(explained_by_score_dropout(c, kt::softmax(kt::where(keep, scores, 0.0), -1)));
    RC_ASSERT(explained_by_score_dropout(
        c, kt::softmax(scores.masked_fill(~keep, -std::numeric_limits<double>::max()), -1)));
    // A dropout of the keys' features changes every score of a key by its own amount: rows that
    // sum to 1 but are no dropout of the scores (wrong/dropout_on_keys.cpp).
    const kt::Tensor jitter = kt::rand(scores.sizes(), gen) * 0.5 + 0.75;
    RC_ASSERT(!explained_by_score_dropout(c, kt::softmax(scores * jitter, -1)));
    // A dropout of the queries' features, each row's all at once: the row kept whole (rescaled)
    // or dropped whole (its visible scores 0), as a dropout of the scores could also give, but
    // never some of a row's keys without the others (wrong/dropout_on_queries.cpp, seed 5).
    const kt::Tensor row_keep = kt::rand({c.B, c.H, c.T, 1}, gen) >= c.p;
    const kt::Tensor rows =
        kt::where(visible, kt::where(row_keep, scores * rescale, kt::zeros_like(scores)), scores);
    RC_ASSERT(!explained_by_score_dropout(c, kt::softmax(rows, -1)));
    // A dropout of the keys' features, each key's all at once: kept or dropped for every query.
    const kt::Tensor key_keep = kt::rand({c.B, c.H, 1, c.T}, gen) >= c.p;
    const kt::Tensor columns =
        kt::where(visible, kt::where(key_keep, scores * rescale, kt::zeros_like(scores)), scores);
    RC_ASSERT(!explained_by_score_dropout(c, kt::softmax(columns, -1)));
  });
}
