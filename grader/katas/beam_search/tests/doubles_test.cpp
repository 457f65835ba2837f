// Every pitfall of the beam_search kata alone, and every two together, are named exactly (Note
// [every double named exactly] in grader/tests/doubles/doubles.hpp): the learner's
// kata::beam_search, written as a learner writes it (solutions/beam_search/worked.cpp), each
// pitfall a slip as the test bed's known-bad files make it. Kept apart from the grader's
// simulation of the mistakes (grader/katas/beam_search/mistakes.hpp) on purpose: it is the
// learner's code.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

#include "beam_search.hpp"
#include "grader/tests/doubles/check.hpp"

namespace {

doubles::Names on;  // the slips now on

bool slip(const char* id) { return on.count(id) != 0; }

}  // namespace

namespace kata {

std::vector<Hypothesis> beam_search(const NextLogProbs& model, int64_t bos, int64_t eos,
                                    int64_t beam_width, int64_t max_new_tokens,
                                    double length_penalty) {
  if (beam_width < 1 || max_new_tokens < 1) throw kt::ValueError("an argument outside the API");
  const bool products = slip("probabilities_multiplied");
  struct Live {
    Hypothesis h;
    double p = 1.0;  // the product, when multiplied
  };
  struct Candidate {
    double key;
    size_t from;
    int64_t token;  // -1: carried over unextended
    Live next;
  };
  const auto ends_in_eos = [&](const Hypothesis& h) {
    return !h.tokens.empty() && h.tokens.back() == eos;
  };
  const auto by_key = [](const Candidate& a, const Candidate& b) { return a.key > b.key; };
  std::vector<Live> live(1);
  std::vector<Live> finished;
  for (int64_t step = 0; step < max_new_tokens && !live.empty(); ++step) {
    std::vector<Candidate> candidates;
    for (size_t i = 0; i < live.size(); ++i) {
      if (slip("eos_kept_live") && ends_in_eos(live[i].h)) {
        candidates.push_back({products ? live[i].p : live[i].h.log_prob, i, -1, live[i]});
        continue;
      }
      std::vector<int64_t> prefix{bos};
      prefix.insert(prefix.end(), live[i].h.tokens.begin(), live[i].h.tokens.end());
      const std::vector<double> v = model(prefix).to(kt::Float64).contiguous().to_vector<double>();
      std::vector<Candidate> own;
      for (size_t t = 0; t < v.size(); ++t) {
        Live n = live[i];
        n.h.tokens.push_back(int64_t(t));
        n.h.log_prob += v[t];
        n.p *= std::exp(v[t]);
        own.push_back({products ? n.p : n.h.log_prob, i, int64_t(t), n});
      }
      if (slip("per_beam_top_k")) {
        std::stable_sort(own.begin(), own.end(), by_key);
        if (int64_t(own.size()) > beam_width) own.resize(size_t(beam_width));
        std::stable_sort(own.begin(), own.end(),
                         [](const Candidate& a, const Candidate& b) { return a.token < b.token; });
      }
      candidates.insert(candidates.end(), own.begin(), own.end());
    }
    std::stable_sort(candidates.begin(), candidates.end(), by_key);
    std::vector<Live> next;
    int64_t slots = 0;
    for (const Candidate& c : candidates) {
      if (slots == beam_width) break;
      if (slip("eos_kept_live")) {
        next.push_back(c.next);
        ++slots;
      } else if (c.token == eos) {
        finished.push_back(c.next);
        if (slip("finished_beams_extended")) next.push_back(c.next);
      } else {
        next.push_back(c.next);
        ++slots;
      }
    }
    live = std::move(next);
    if (int64_t(finished.size()) >= beam_width) break;
  }
  finished.insert(finished.end(), live.begin(), live.end());
  std::vector<Hypothesis> out;
  for (Live& l : finished) {
    if (products) l.h.log_prob = std::log(l.p);
    l.h.score = slip("no_length_penalty")
                    ? l.h.log_prob
                    : l.h.log_prob / std::pow(double(l.h.tokens.size()), length_penalty);
    out.push_back(l.h);
  }
  std::stable_sort(out.begin(), out.end(), [](const Hypothesis& a, const Hypothesis& b) {
    if (a.score != b.score) return a.score > b.score;
    if (a.log_prob != b.log_prob) return a.log_prob > b.log_prob;
    return a.tokens < b.tokens;
  });
  if (int64_t(out.size()) > beam_width) out.resize(size_t(beam_width));
  return out;
}

}  // namespace kata

namespace {

/// The pairs of slips that bear on each other in this learner.
std::vector<doubles::Pair> pairs() {
  using doubles::Relation;
  return {{"eos_kept_live", "finished_beams_extended", Relation::Exclusive,
           "two answers to what an eos candidate does: live in a slot, or finished and live "
           "outside the slots"},
          {"eos_kept_live", "per_beam_top_k", Relation::Absorbs,
           "when every candidate taken takes a slot, the step's beam_width best are among each "
           "hypothesis's own beam_width best: the per-hypothesis cut changes nothing"}};
}

}  // namespace

TEST_CASE("beam_search: no pitfall, every pitfall alone and every two together are named exactly",
          "[doubles]") {
  const doubles::Kata kata{[](const doubles::Names& slips) { on = slips; }, pairs()};
  doubles::check_named_exactly(kata);
}
