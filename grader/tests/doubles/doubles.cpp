#include "grader/tests/doubles/doubles.hpp"

#include <algorithm>
#include <cstdlib>

#include "grader/lib/check.hpp"

namespace doubles {

Names named_pitfalls(uint64_t seed, const Names& skip) {
  Names named;
  for (const grader::CheckInfo& check : grader::registry()) {
    if (!report::is_pitfall_check(check.id)) continue;
    if (skip.count(report::pitfall_of_check(check.id)) != 0) continue;
    const grader::Outcome o = check.run(seed);
    if (!o.passed && !o.failure.pitfall.empty()) named.insert(o.failure.pitfall);
  }
  return named;
}

Names registered_pitfalls() {
  Names ids;
  for (const grader::CheckInfo& check : grader::registry())
    if (report::is_pitfall_check(check.id)) ids.insert(report::pitfall_of_check(check.id));
  return ids;
}

std::string text(const Names& names) {
  std::string s = "{";
  for (const std::string& n : names) s += (s.size() > 1 ? ", " : "") + n;
  return s + "}";
}

namespace {

// Note [doubles under the sanitizers]
// Under AddressSanitizer the program runs no slip and every slip alone, not the pairs: a pair
// sends the same detectors through the same code on other numbers, which is arithmetic, and the
// names it gets are checked in the -Werror build, on every pair (docs/ci.md, step 5, as the
// memory rows of the test-bed matrices). With short allocation stacks (Note [allocation stacks
// under AddressSanitizer] in tensor/tests/main.cpp) the ten katas' doubles tests took 187 s of the
// sanitizer stage's wall time with the pairs, 35 s without (ctest -j 2, 2026-12-03).
#if defined(KT_SANITIZED)
constexpr bool kPairs = false;
#else
constexpr bool kPairs = true;
#endif

const Pair* relation_of(const Kata& kata, const std::string& a, const std::string& b) {
  for (const Pair& p : kata.pairs)
    if ((p.first == a && p.second == b) || (p.first == b && p.second == a)) return &p;
  return nullptr;
}

Verdict judge(const Names& slips, const Names& named, const Pair* pair) {
  Verdict v{slips, named, ""};
  const auto subset = [](const Names& small, const Names& big) {
    return std::includes(big.begin(), big.end(), small.begin(), small.end());
  };
  if (pair == nullptr) {
    if (named != slips) v.wrong = "named " + text(named) + ", expected exactly " + text(slips);
  } else if (pair->relation == Relation::Absorbs) {
    if (named != Names{pair->first})
      v.wrong =
          "named " + text(named) + ", expected exactly {" + pair->first + "} (" + pair->why + ")";
  } else if (pair->relation == Relation::Hides) {
    if (named.count(pair->first) == 0 || !subset(named, slips))
      v.wrong = "named " + text(named) + ", expected " + pair->first + " and nothing but " +
                text(slips) + " (" + pair->why + ")";
  }
  return v;
}

}  // namespace

std::vector<Verdict> every_single_and_double(const Kata& kata, uint64_t seed) {
  std::vector<Verdict> verdicts;
  Names outside;
  for (const auto& [id, why] : kata.outside) outside.insert(id);
  std::vector<std::string> slips;
  for (const std::string& id : registered_pitfalls())
    if (outside.count(id) == 0) slips.push_back(id);
  // KT_DOUBLES_SEED: the cases of another seed (an author's check that a pass is not one seed's).
  if (const char* other = std::getenv("KT_DOUBLES_SEED")) seed = std::strtoull(other, nullptr, 10);
  uint64_t n = 0;
  const auto run = [&](const Names& on, const Pair* pair) {
    kata.learn(on);
    verdicts.push_back(judge(on, named_pitfalls(seed + n++, outside), pair));
  };
  run({}, nullptr);  // a correct learner: nothing named
  for (const std::string& s : slips) run({s}, nullptr);
  for (size_t i = 0; kPairs && i < slips.size(); ++i)
    for (size_t j = i + 1; j < slips.size(); ++j) {
      const Pair* pair = relation_of(kata, slips[i], slips[j]);
      if (pair != nullptr && pair->relation == Relation::Exclusive) continue;
      run({slips[i], slips[j]}, pair);
    }
  kata.learn({});
  return verdicts;
}

}  // namespace doubles
